import {
  companyDto,
  companyFormat,
  companySettings,
  getEntity,
  saveCompanyRequest,
  type CompanyDto,
  type CompanyFormat,
  type CompanySettings,
} from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { authenticate, requirePrivilege } from '../../http/auth-guard';
import { ApiError, ok, validationError } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { inTransaction } from '../../data/transaction';
import { updateRow } from '../../data/write';
import { activeCurrencies, currencyExists } from './currencies';
import { documented } from '../../http/openapi-contract';

const DEFAULT_TIMEZONE = 'UTC';

async function readCompany(db: Kysely<Database>): Promise<CompanyDto | null> {
  const row = await db.selectFrom('company').selectAll().orderBy('id').limit(1).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    registrationNo: row.registration_no,
    taxRegistrationNo: row.tax_registration_no,
    address: row.address,
    logo: row.logo,
    baseCurrencyId: row.base_currency_id,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
  };
}

/** `/api/company/{Get|Save}`: the one company row (the `company` screen). */
export function registerCompanyRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;
  const base = `${apiPrefix}/company`;

  app.get(
    `${base}/Get`,
    {
      ...documented({ summary: 'The company', answer: companySettings }),
      preHandler: requirePrivilege('company', 'view'),
    },
    async () => {
      const settings: CompanySettings = { company: await readCompany(db), currencies: await activeCurrencies(db) };
      return ok(settings);
    },
  );

  // Whose console it is (the footer) and how every screen shows money, numbers and dates: needs no privilege beyond being signed in.
  app.get(
    `${base}/Format`,
    {
      ...documented({ summary: 'The company’s formats: currency, dates, time zone', answer: companyFormat }),
      preHandler: authenticate,
    },
    async () => {
      const company = await readCompany(db);
      const currency = company?.baseCurrencyId
        ? await db
            .selectFrom('currency')
            .select(['code', 'decimals'])
            .where('id', '=', company.baseCurrencyId)
            .executeTakeFirst()
        : undefined;
      const format: CompanyFormat = {
        name: company?.name ?? null,
        currency: currency?.code ?? null,
        timezone: company?.timezone ?? DEFAULT_TIMEZONE,
      };
      return ok(format);
    },
  );

  app.post(
    `${base}/Save`,
    {
      ...documented({ summary: 'Change the company', body: saveCompanyRequest, answer: companyDto.nullable() }),
      preHandler: requirePrivilege('company', 'edit'),
    },
    async (request) => {
      const body = parseBody(saveCompanyRequest, request.body);
      const current = await readCompany(db);
      if (!current) throw new ApiError(404, 'There is no company yet, run the installer first');
      if (body.baseCurrencyId !== null && !(await currencyExists(db, body.baseCurrencyId))) {
        throw validationError([{ field: 'baseCurrencyId', message: 'Base currency does not exist' }]);
      }
      // Through the generic write path: the registry's validation, the version check and the audit row.
      await inTransaction(request, getEntity('company'), (w) =>
        updateRow(w, w.entity, {
          id: current.id,
          version: body.version,
          name: body.name,
          registrationNo: body.registrationNo,
          taxRegistrationNo: body.taxRegistrationNo,
          address: body.address,
          logo: body.logo,
          baseCurrency: body.baseCurrencyId,
          timezone: body.timezone,
        }),
      );
      return ok(await readCompany(db), 'Company saved');
    },
  );
}
