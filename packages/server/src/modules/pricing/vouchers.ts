import { DOCUMENT_REFUSALS, MAX_INT32, getEntity, parseRowId } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { recordRequestEvent } from '../../data/audit';
import { rowAction, type EntityHook } from '../../data/hooks';
import { typedDb } from '../../db/types';
import { requirePrivilege } from '../../http/auth-guard';
import { ApiError, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { generateCodes, generatedForm, MAX_CODES_PER_CALL } from './voucher-codes';
import { documented } from '../../http/openapi-contract';

const voucher = getEntity('voucher');
const voucherCode = getEntity('vouchercode');

const generateBody = z.object({ count: z.coerce.number().int().min(1).max(MAX_CODES_PER_CALL) });

/**
 * `Execute/voucher {action: "generate", ids, count}`: `count` new single-use codes for each voucher
 * (at most 10,000 a call); a voucher's own code may not take the shape of a generated code that exists,
 * nor be another voucher's code in another case: a code typed at the till means one voucher.
 */
export const voucherHooks: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    if (action === 'delete' || !('code' in row)) return;
    const typed = String(row.code).trim();
    const db = typedDb(trx);
    const same = await db
      .selectFrom('voucher')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['code']), '=', typed.toLowerCase()))
      .where('id', '!=', id ?? 0)
      .executeTakeFirst();
    if (same) {
      const message = DOCUMENT_REFUSALS.codeOfVoucher({ code: typed });
      throw new ApiError(409, message, [{ field: 'code', message }]);
    }
    const generated = generatedForm(typed);
    if (
      generated &&
      (await db.selectFrom('voucher_code').select('id').where('code', '=', generated).executeTakeFirst())
    ) {
      const message = DOCUMENT_REFUSALS.codeGenerated({ code: String(row.code) });
      throw new ApiError(409, message, [{ field: 'code', message }]);
    }
  },
  actions: {
    generate: rowAction(
      z.object({ generated: z.number().int().min(0), codes: z.record(z.string(), z.array(z.string())) }),
      async (call) => {
        const { count } = parseBody(generateBody, call.body);
        if (call.ids.length === 0)
          throw validationError([{ field: 'ids', message: 'Give the voucher to generate codes for' }]);
        if (count * call.ids.length > MAX_CODES_PER_CALL)
          throw validationError([{ field: 'count', message: `At most ${MAX_CODES_PER_CALL} codes a call` }]);
        const found = await typedDb(call.trx).selectFrom('voucher').select('id').where('id', 'in', call.ids).execute();
        const missing = call.ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length > 0) throw new ApiError(404, `${voucher.label}: no row ${missing.join(', ')}`);
        const codes: Record<number, string[]> = {};
        for (const id of call.ids) codes[id] = await generateCodes(call.trx, id, count, call.now, call.auth.userName);
        return { generated: count * call.ids.length, codes };
      },
    ),
  },
};

/** A spreadsheet cell that cannot start a formula. */
const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** `GET {api}/pricing/VoucherCodes/{id}`: a voucher's codes as CSV (code, redeemed at, reference), for printing or mailing; audited as an export. */
export function registerVoucherCodeRoutes(app: FastifyInstance, api: string): void {
  app.get<{ Params: { id: string } }>(
    `${api}/pricing/VoucherCodes/:id`,
    {
      ...documented({ summary: 'A voucher’s codes, a CSV file', produces: 'file' }),
      preHandler: requirePrivilege('voucher', 'view'),
    },
    async (request, reply) => {
      const id = parseRowId(request.params.id);
      if (id === undefined)
        throw validationError([{ field: 'id', message: `Id must be a whole number from 1 to ${MAX_INT32}` }]);
      const db = app.ctx.db;
      const row = await db.selectFrom('voucher').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
      if (!row) throw new ApiError(404, `${voucher.label}: no row ${id}`);
      const codes = await db
        .selectFrom('voucher_code')
        .select(['code', 'redeemed_at', 'redeemed_reference'])
        .where('voucher_id', '=', id)
        .orderBy('id')
        .execute();
      await recordRequestEvent(request, {
        action: 'export',
        entity: voucherCode.name,
        rowId: null,
        changes: { before: {}, after: { voucher: id, rows: codes.length } },
      });
      const lines = [
        'code,redeemedAt,redeemedReference',
        ...codes.map((c) => [c.code, c.redeemed_at, c.redeemed_reference].map(cell).join(',')),
      ];
      const name = `Voucher_${String(row.code).replace(/[^\w-]/g, '_')}_codes.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
}
