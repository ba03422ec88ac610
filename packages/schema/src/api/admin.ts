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
  .regex(/^[A-Z]{3}$/, 'Currency must be a three-letter ISO code such as MYR');

// ── Role privileges: /api/RolePrivileges/{Roles|Grid|Save}

export interface RoleOption {
  id: number;
  code: string;
  name: string;
}

export interface PrivilegeFlagsDto {
  ableToView: boolean;
  ableToEdit: boolean;
  ableToDelete: boolean;
  ableToSetTable: boolean;
}

export const PRIVILEGE_FLAGS = ['ableToView', 'ableToEdit', 'ableToDelete', 'ableToSetTable'] as const;

export interface RolePrivilegeRow extends PrivilegeFlagsDto {
  privilegeId: number;
  /** Screen name, the permission key. */
  name: string;
  menuText: string;
}

export interface RolePrivilegeGroup {
  groupKey: string;
  groupText: string;
  rows: RolePrivilegeRow[];
}

/** Answer of `GET /api/RolePrivileges/Grid?roleId=`: every privilege in menu order, grouped. */
export interface RolePrivilegeGrid {
  roleId: number;
  roleName: string;
  groups: RolePrivilegeGroup[];
}

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
export type FeatureSwitches = Record<FeatureKey, boolean>;
export const saveFeaturesRequest = z.object(
  Object.fromEntries(FEATURE_KEYS.map((k) => [k, z.boolean()])) as Record<FeatureKey, z.ZodBoolean>,
);

// ── Company: /api/company/{Get|Save}

export interface CurrencyOption {
  id: number;
  code: string;
  name: string;
}

export interface CompanyDto {
  id: number;
  version: number;
  name: string;
  registrationNo: string | null;
  taxRegistrationNo: string | null;
  address: string | null;
  logo: string | null;
  baseCurrencyId: number | null;
  timezone: string;
}

/** Answer of `GET /api/company/Get`: the one row (null before the installer ran) and the currencies to pick from. */
export interface CompanySettings {
  company: CompanyDto | null;
  currencies: CurrencyOption[];
}

/** Answer of `GET /api/company/Format` (any signed-in user): the company's name (the footer's), its base currency's ISO code and its time zone. */
export interface CompanyFormat {
  name: string | null;
  currency: string | null;
  timezone: string;
}

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

export interface AdminResetPasswordResponse {
  userId: number;
  userName: string;
  /** Only when the server generated it. */
  generatedPassword: string | null;
  mustChangePassword: boolean;
  sessionsRevoked: number;
}

// ── Installer: /api/installer/{Status|Setup} (public while no active administrator exists)

export interface InstallerStatus {
  open: boolean;
}

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
