import { getEntity, type NormalisedEntity } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { storedRows, toApiRows } from '../../data/read';
import { anyDb, type AnyDb, type Row } from '../../data/store';
import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { columnOf } from '../columns';
import { ackCommand, pendingCommands, takeCommands } from './commands';
import { redeemPairingCode, requireTerminal, terminalAuth } from './pairing';
import { recordSale, saleResult } from './sales';
import { terminalStatuses } from './status';

const terminal = getEntity('pointofsale');

const isInstant = (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text));
const instant = z.string().trim().max(40).refine(isInstant, 'Must be a date and time (ISO 8601)');

const heartbeatBody = z.object({
  appVersion: z.string().trim().max(30).optional(),
  lastSyncAt: z.union([instant, z.null()]).optional(),
  unsentTransactions: z.number().int().min(0).max(1_000_000).optional(),
});

/** `POST …/Heartbeat`: what the terminal reports, kept on its row (no version change: a form open on it stays current). */
async function heartbeat(request: FastifyRequest) {
  const me = requireTerminal(request);
  const body = parseBody(heartbeatBody, request.body ?? {});
  const db = anyDb(request.server.ctx);
  const now = new Date().toISOString();
  await db
    .updateTable(terminal.table)
    .set({
      [columnOf(terminal, 'lastSeenAt')]: now,
      ...(body.appVersion !== undefined ? { [columnOf(terminal, 'appVersion')]: body.appVersion } : {}),
      ...(body.lastSyncAt !== undefined ? { [columnOf(terminal, 'lastSyncAt')]: body.lastSyncAt && new Date(body.lastSyncAt).toISOString() } : {}),
      ...(body.unsentTransactions !== undefined ? { [columnOf(terminal, 'unsentTransactions')]: body.unsentTransactions } : {}),
    })
    .where('id', '=', me.terminalId)
    .execute();
  return { serverTime: now, commands: await pendingCommands(db, me.terminalId) };
}

/** Rows written at the same instant as the cursor may commit just after it was taken: each call looks back this far (the terminal keeps rows by id, so a row sent twice is harmless). */
const OVERLAP_MS = 5_000;

/** What the catalogue sends, each with the rows of this terminal's outlet. */
const CATALOGUE: readonly { key: string; entity: string; scope?: (outlet: number, terminalId: number) => { column: string; values: (number | null)[] } }[] = [
  { key: 'products', entity: 'product' },
  { key: 'outletPrices', entity: 'outletprice', scope: (outlet) => ({ column: 'outlet', values: [outlet] }) },
  { key: 'promotions', entity: 'promotion' },
  { key: 'promotionRules', entity: 'newpromotion' },
  { key: 'paymentModes', entity: 'paymentmode' },
  { key: 'hotkeys', entity: 'hotkey', scope: (outlet) => ({ column: 'outlet', values: [outlet, null] }) },
  { key: 'layouts', entity: 'layoutsetup', scope: (outlet) => ({ column: 'outlet', values: [outlet, null] }) },
  { key: 'settings', entity: 'posterminalsettings' },
  { key: 'terminal', entity: 'pointofsale', scope: (_outlet, terminalId) => ({ column: 'id', values: [terminalId] }) },
];

async function changedRows(request: FastifyRequest, db: AnyDb, entity: NormalisedEntity, since: string | null, scope?: { column: string; values: (number | null)[] }): Promise<Row[]> {
  let query = db.selectFrom(entity.table).select('id');
  if (since) query = query.where('updated_at', '>=', since);
  if (scope) {
    const column = scope.column === 'id' ? 'id' : columnOf(entity, scope.column);
    const ids = scope.values.filter((v): v is number => v !== null);
    query = query.where((eb) => eb.or([eb(column, 'in', ids), ...(scope.values.includes(null) ? [eb(column, 'is', null)] : [])]));
  }
  const ids = (await query.orderBy('id').execute()).map((r) => Number(r.id));
  return toApiRows(request.server.ctx, db, entity, await storedRows(db, entity, ids), { labels: false });
}

const catalogueQuery = z.object({ since: instant.optional() });

/** `GET …/Catalogue?since={cursor}`: everything the terminal sells with, changed since the cursor (all of it without one), and the next cursor. */
async function catalogue(request: FastifyRequest) {
  const me = requireTerminal(request);
  const { since } = parseBody(catalogueQuery, request.query ?? {});
  const cursor = new Date().toISOString();
  const from = since ? new Date(Date.parse(since) - OVERLAP_MS).toISOString() : null;
  const db = anyDb(request.server.ctx);
  const out: Record<string, unknown> = { cursor, since: since ?? null };
  for (const part of CATALOGUE) out[part.key] = await changedRows(request, db, getEntity(part.entity), from, part.scope?.(me.outletId, me.terminalId));
  return out;
}

/** The terminal API under `{api}/pointofsale`: Pair without a user, the rest with `Authorization: Terminal {token}`. */
export function registerTerminalRoutes(app: FastifyInstance, api: string): void {
  const base = `${api}/pointofsale`;
  const opts = { preHandler: terminalAuth };
  app.get(`${base}/Status`, { preHandler: requirePrivilege('terminalstatus', 'view') }, async (request) => ok(await terminalStatuses(request)));
  app.post(`${base}/Pair`, async (request) => ok(await redeemPairingCode(request), 'Paired'));
  app.post(`${base}/Heartbeat`, opts, async (request) => ok(await heartbeat(request)));
  app.get(`${base}/Catalogue`, opts, async (request) => ok(await catalogue(request)));
  app.post(`${base}/Sales`, opts, async (request) => {
    const { id, created } = await recordSale(request.server.ctx, requireTerminal(request), request.body);
    return ok(await saleResult(anyDb(request.server.ctx), id), created ? 'Recorded' : 'Recorded already');
  });
  app.get(`${base}/Commands`, opts, async (request) => ok(await takeCommands(request)));
  app.post<{ Params: { id: string } }>(`${base}/Commands/:id/Ack`, opts, async (request) => ok(await ackCommand(request, request.params.id)));
}
