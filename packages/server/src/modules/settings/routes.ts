import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { recordRequestEvent } from '../../data/audit';
import { authenticate, requireAuth, requirePrivilege } from '../../http/auth-guard';
import { appSettingDto, settingValueProblem } from '@backroom/schema';
import { ApiError, ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { settingByKey, settingsInGroup, toAppSettingDto } from './app-settings';
import { documented } from '../../http/openapi-contract';

/** Settings are the company set-up: listing a group needs its view, writing its edit. */
const SETTINGS_PRIVILEGE = 'company';

const key = z.string().trim().min(1, 'Key is required').max(200);
const updateSettingBody = z.object({ key, value: z.string().max(4000, 'Value is too long') });
const updateAttributesBody = z.object({ key, attributes: z.record(z.string(), z.unknown()) });

export function registerSettingRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;
  const base = `${apiPrefix}/AppSetting`;

  // A whole group is the company set-up screen's; single keys (FetchByKey) are the shell's links, read by everyone.
  app.get<{ Params: { id: string } }>(
    `${base}/FetchByGroupId/:id`,
    {
      ...documented({ summary: 'The app settings of a group', answer: z.array(appSettingDto) }),
      preHandler: requirePrivilege(SETTINGS_PRIVILEGE, 'view'),
    },
    async (request) => {
      if (!/^\d{1,9}$/.test(request.params.id))
        throw validationError([{ field: 'id', message: 'Expected a group number' }]);
      const rows = await settingsInGroup(db, Number(request.params.id));
      return ok(rows.map(toAppSettingDto), 'OK', rows.length);
    },
  );

  app.get<{ Params: { key: string } }>(
    `${base}/FetchByKey/:key`,
    { ...documented({ summary: 'One app setting by key', answer: appSettingDto }), preHandler: authenticate },
    async (request) => {
      const row = await settingByKey(db, request.params.key);
      if (!row) throw new ApiError(404, 'Setting not found');
      return ok(toAppSettingDto(row));
    },
  );

  /** Writes one setting's value or attributes, with an audit row of what changed, in one transaction; the same value again writes nothing. */
  const update = async (
    request: FastifyRequest,
    settingKey: string,
    values: { value: string } | { attributes: string },
  ) => {
    const row = await settingByKey(db, settingKey);
    if (!row) throw new ApiError(404, 'Setting not found');
    const problem = 'value' in values ? settingValueProblem(row.group_id, row.key, values.value) : null;
    if (problem) throw validationError([{ field: 'value', message: problem }]);
    const [field, before, after] =
      'value' in values ? ['value', row.value, values.value] : ['attributes', row.attributes, values.attributes];
    if (before === after) return toAppSettingDto(row);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('app_setting')
        .set({ ...values, updated_at: new Date().toISOString(), updated_by: requireAuth(request).userName })
        .where('id', '=', row.id)
        .execute();
      const shown = (text: string | null) =>
        field === 'attributes' && text !== null ? (JSON.parse(text) as unknown) : text;
      await recordRequestEvent(
        request,
        {
          action: 'update',
          entity: 'appsetting',
          rowId: row.id,
          changes: { before: { [field]: shown(before) }, after: { [field]: shown(after) } },
        },
        trx,
      );
    });
    return toAppSettingDto((await settingByKey(db, settingKey))!);
  };

  app.post(
    `${base}/UpdateSetting`,
    {
      ...documented({ summary: 'Change an app setting’s value', body: updateSettingBody, answer: appSettingDto }),
      preHandler: requirePrivilege(SETTINGS_PRIVILEGE, 'edit'),
    },
    async (request) => {
      const body = parseBody(updateSettingBody, request.body);
      return ok(await update(request, body.key, { value: body.value }), 'Setting saved');
    },
  );

  app.post(
    `${base}/UpdateAttributes`,
    {
      ...documented({
        summary: 'Change an app setting’s attributes',
        body: updateAttributesBody,
        answer: appSettingDto,
      }),
      preHandler: requirePrivilege(SETTINGS_PRIVILEGE, 'edit'),
    },
    async (request) => {
      const body = parseBody(updateAttributesBody, request.body);
      return ok(await update(request, body.key, { attributes: JSON.stringify(body.attributes) }), 'Setting saved');
    },
  );
}
