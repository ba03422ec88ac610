import { z } from 'zod';
import { MAX_INT32, rowId as id } from '../ids';
import type { FeatureKey } from '../registry/types';
import { newPassword } from './auth';

/**
 * Contracts of the administration single screens: role privileges, features, company, the
 * administrator's password reset and the first-run installer.
 */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v : null));

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
const timezone = z
  .string()
  .trim()
  .min(1, 'Time zone is required')
  .max(64)
  .refine(isTimeZone, 'Time zone must be one such as Asia/Singapore');
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter currency code such as MYR');

// ── Role privileges: /api/RolePrivileges/{Roles|Grid|Save}

export const roleOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type RoleOption = z.infer<typeof roleOption>;

const privilegeFlags = z.object({
  ableToView: z.boolean(),
  ableToEdit: z.boolean(),
  ableToDelete: z.boolean(),
  ableToSetTable: z.boolean(),
});
export type PrivilegeFlagsDto = z.infer<typeof privilegeFlags>;

export const PRIVILEGE_FLAGS = ['ableToView', 'ableToEdit', 'ableToDelete', 'ableToSetTable'] as const;

const rolePrivilegeRow = privilegeFlags.extend({
  privilegeId: z.number().int(),
  /** Screen name, the permission key. */
  name: z.string(),
  menuText: z.string(),
});
export type RolePrivilegeRow = z.infer<typeof rolePrivilegeRow>;

const rolePrivilegeGroup = z.object({ groupKey: z.string(), groupText: z.string(), rows: z.array(rolePrivilegeRow) });
export type RolePrivilegeGroup = z.infer<typeof rolePrivilegeGroup>;

/** Answer of `GET /api/RolePrivileges/Grid?roleId=`: every privilege in menu order, grouped. */
export const rolePrivilegeGrid = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  groups: z.array(rolePrivilegeGroup),
});
export type RolePrivilegeGrid = z.infer<typeof rolePrivilegeGrid>;

export const rolePrivilegeGridQuery = z.object({ roleId: id });

const grantRow = z
  .object({
    privilegeId: id,
    ableToView: z.boolean(),
    ableToEdit: z.boolean(),
    ableToDelete: z.boolean(),
    ableToSetTable: z.boolean(),
  })
  .refine((r) => r.ableToView || !(r.ableToEdit || r.ableToDelete || r.ableToSetTable), {
    message: 'Edit, delete and table settings need view',
    path: ['ableToView'],
  });

/** Body of `POST /api/RolePrivileges/Save`; rows not sent keep their flags. */
export const saveRolePrivilegesRequest = z.object({
  roleId: id,
  rows: z
    .array(grantRow)
    .max(1000)
    .refine((rows) => new Set(rows.map((r) => r.privilegeId)).size === rows.length, 'Each privilege may appear once'),
});
export type SaveRolePrivilegesRequest = z.infer<typeof saveRolePrivilegesRequest>;

// ── Features: /api/feature/{Get|Save}

export const FEATURE_KEYS = [
  'onlineOrdering',
  'membership',
  'commission',
  'vouchers',
] as const satisfies readonly FeatureKey[];
/** A module as a person names it (the server's messages; the console's Features screen has its own words). */
export const FEATURE_LABELS: Record<FeatureKey, string> = {
  onlineOrdering: 'Online ordering',
  membership: 'Membership',
  commission: 'Commission',
  vouchers: 'Vouchers',
};
/** Every feature on or off: the body of `Save` and the answer of both. */
export const featureSwitches = z.object(
  Object.fromEntries(FEATURE_KEYS.map((k) => [k, z.boolean()])) as Record<FeatureKey, z.ZodBoolean>,
);
export type FeatureSwitches = z.infer<typeof featureSwitches>;
export const saveFeaturesRequest = featureSwitches;

// ── Company: /api/company/{Get|Save}

const currencyOption = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type CurrencyOption = z.infer<typeof currencyOption>;

/** The company row; the answer of `POST /api/company/Save`. */
export const companyDto = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  registrationNo: z.string().nullable(),
  taxRegistrationNo: z.string().nullable(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  baseCurrencyId: z.number().int().nullable(),
  timezone: z.string(),
});
export type CompanyDto = z.infer<typeof companyDto>;

/** Answer of `GET /api/company/Get`: the one row (null before the installer ran) and the currencies to pick from. */
export const companySettings = z.object({ company: companyDto.nullable(), currencies: z.array(currencyOption) });
export type CompanySettings = z.infer<typeof companySettings>;

/** Answer of `GET /api/company/Format` (any signed-in user): the company's name (the footer's), its base currency's ISO code and its time zone. */
export const companyFormat = z.object({
  name: z.string().nullable(),
  currency: z.string().nullable(),
  timezone: z.string(),
});
export type CompanyFormat = z.infer<typeof companyFormat>;

export const saveCompanyRequest = z.object({
  version: z.number().int().positive().max(MAX_INT32),
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
  registrationNo: optionalText(50, 'Registration number'),
  taxRegistrationNo: optionalText(50, 'Tax registration number'),
  address: optionalText(500, 'Address'),
  logo: optionalText(500, 'Logo'),
  baseCurrencyId: id.nullable(),
  timezone,
});
export type SaveCompanyRequest = z.input<typeof saveCompanyRequest>;

// ── Administrator's password reset: /api/ResetPassword/Reset

/** Without `newPassword` the server generates one and returns it, once. */
export const adminResetPasswordRequest = z.object({
  userId: id,
  newPassword: newPassword.optional(),
  mustChangePassword: z.boolean().default(true),
});
export type AdminResetPasswordRequest = z.input<typeof adminResetPasswordRequest>;

export const adminResetPasswordResponse = z.object({
  userId: z.number().int(),
  userName: z.string(),
  /** Only when the server generated it. */
  generatedPassword: z.string().nullable(),
  mustChangePassword: z.boolean(),
  sessionsRevoked: z.number().int(),
});
export type AdminResetPasswordResponse = z.infer<typeof adminResetPasswordResponse>;

// ── Installer: /api/installer/{Status|Setup} (public while no active administrator exists)

export const installerStatus = z.object({ open: z.boolean() });
export type InstallerStatus = z.infer<typeof installerStatus>;

/** Answer of `POST /api/installer/Setup`: the administrator it made. */
export const installerSetupResponse = z.object({ userId: z.number().int(), userName: z.string() });

export const installerSetupRequest = z.object({
  company: z.object({
    name: z.string().trim().min(1, 'Name is required').max(200, 'Name is too long'),
    baseCurrency: currencyCode,
    timezone,
  }),
  admin: z.object({
    userName: z
      .string()
      .trim()
      .min(1, 'User name is required')
      .max(100, 'User name is too long')
      .regex(/^[A-Za-z0-9._@-]+$/, 'User name may contain only letters, digits, dots and _ @ -'),
    displayName: z.string().trim().min(1, 'Display name is required').max(100, 'Display name is too long'),
    email: z.string().trim().max(200).email('Email must be an email address'),
    password: newPassword,
  }),
});
export type InstallerSetupRequest = z.infer<typeof installerSetupRequest>;
