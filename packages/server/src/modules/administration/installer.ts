import { installerSetupRequest, installerSetupResponse, installerStatus, type InstallerStatus } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { newPasswordProblem } from '../auth/index';
import { hashPassword } from '../../crypto/passwords';
import { ADMIN_ROLE_CODE } from '../../db/seed/privileges';
import { ApiError, ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { grantEveryPrivilege } from './administrators';
import { ensureBaseCurrency } from './currencies';
import { isInstalled, markInstalled } from './installation';
import { documented } from '../../http/openapi-contract';

const INSTALLER = 'installer';
const closed = () => new ApiError(409, 'Backroom is set up already, sign in instead');
const UNIQUE_VIOLATION = new Set(['SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE', '23505']);

/**
 * `/api/installer/{Status|Setup}`, public: open until a set-up succeeds (on a start without demo
 * data), then closed for good by the marker row the set-up writes in its transaction; roles
 * switched off or users deleted later do not reopen it.
 */
export function registerInstallerRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;
  const base = `${apiPrefix}/installer`;

  app.get(
    `${base}/Status`,
    documented({ summary: 'Whether the first set-up is done', auth: 'none', answer: installerStatus }),
    async () => {
      const status: InstallerStatus = { open: !(await isInstalled(db)) };
      return ok(status);
    },
  );

  app.post(
    `${base}/Setup`,
    documented({
      summary: 'The first set-up: the company and its administrator',
      auth: 'none',
      body: installerSetupRequest,
      answer: installerSetupResponse,
    }),
    async (request) => {
      if (await isInstalled(db)) throw closed();
      const { company, admin } = parseBody(installerSetupRequest, request.body);
      const problem = newPasswordProblem(admin.password, 'admin.password');
      if (problem) throw validationError([problem]);
      const passwordHash = await hashPassword(admin.password);
      const now = new Date().toISOString();
      const audit = { created_at: now, created_by: INSTALLER, updated_at: now, updated_by: INSTALLER };

      const userId = await db.transaction().execute(async (trx) => {
        // First: of two set-ups at once, the second waits here for the first and then fails on the marker's key.
        await markInstalled(trx, now, admin.userName).catch((error: { code?: string }) => {
          throw UNIQUE_VIOLATION.has(error.code ?? '') ? closed() : error;
        });
        const taken = await trx
          .selectFrom('app_user')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['user_name']), '=', admin.userName.toLowerCase()))
          .executeTakeFirst();
        if (taken) throw validationError([{ field: 'admin.userName', message: 'This user name is taken' }]);

        const baseCurrencyId = await ensureBaseCurrency(trx, company.baseCurrency, now, INSTALLER);
        const companyValues = { name: company.name, base_currency_id: baseCurrencyId, timezone: company.timezone };
        const existing = await trx.selectFrom('company').select('id').orderBy('id').limit(1).executeTakeFirst();
        if (existing)
          await trx
            .updateTable('company')
            .set({ ...companyValues, updated_at: now, updated_by: INSTALLER })
            .where('id', '=', existing.id)
            .execute();
        else
          await trx
            .insertInto('company')
            .values({ ...companyValues, ...audit })
            .execute();

        let role = await trx.selectFrom('role').select('id').where('code', '=', ADMIN_ROLE_CODE).executeTakeFirst();
        if (role) await trx.updateTable('role').set({ is_active: true }).where('id', '=', role.id).execute();
        else
          role = await trx
            .insertInto('role')
            .values({ code: ADMIN_ROLE_CODE, name: 'Administrator', description: 'Every privilege', ...audit })
            .returning('id')
            .executeTakeFirstOrThrow();
        await grantEveryPrivilege(trx, role.id);

        const user = await trx
          .insertInto('app_user')
          .values({
            user_name: admin.userName,
            display_name: admin.displayName,
            email: admin.email,
            role_id: role.id,
            password_hash: passwordHash,
            is_active: true,
            must_change_password: false,
            otp_enabled: false,
            ...audit,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return user.id;
      });
      return ok({ userId, userName: admin.userName }, 'Backroom is set up, sign in with the new administrator');
    },
  );
}
