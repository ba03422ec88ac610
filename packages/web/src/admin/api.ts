import type {
  AdminResetPasswordRequest,
  AdminResetPasswordResponse,
  ApiEnvelope,
  CompanyDto,
  CompanySettings,
  DropdownItemDto,
  FeatureSwitches,
  LockedUserDto,
  RoleOption,
  RolePrivilegeGrid,
  SaveCompanyRequest,
  SaveRolePrivilegesRequest,
} from '@backroom/schema';
import { http } from '../api/http';

const data = async <T>(request: Promise<{ data: ApiEnvelope<T> }>) => (await request).data.data;
const get = <T>(url: string, params?: Record<string, unknown>) => data(http.get<ApiEnvelope<T>>(url, { params }));
const post = <T>(url: string, body: unknown) => data(http.post<ApiEnvelope<T>>(url, body));

export const rolePrivilegesApi = {
  roles: () => get<RoleOption[]>('/api/RolePrivileges/Roles'),
  grid: (roleId: number) => get<RolePrivilegeGrid>('/api/RolePrivileges/Grid', { roleId }),
  save: (body: SaveRolePrivilegesRequest) => post<RolePrivilegeGrid>('/api/RolePrivileges/Save', body),
};

export const usersApi = {
  /** The roles the caller may give a user (the server refuses any other). */
  assignableRoles: async () =>
    (await get<DropdownItemDto[]>('/api/user/AssignableRoles')).map((o) => ({
      value: o.value,
      label: o.text,
    })),
};

/** An app setting as the generic data API answers it (`appsetting`). */
export interface AppSettingRow {
  id: number;
  version: number;
  group: number;
  key: string;
  value: string;
  description: string | null;
}

const REPO = '/api/DataRepository';

/** App settings and top-menu links through the generic data API: every write is checked by the value's kind and audited. */
export const appSettingsApi = {
  list: () =>
    post<AppSettingRow[]>(`${REPO}/fetch/appsetting`, {
      Skip: 0,
      Take: 9999,
      sorts: [{ ColumnName: 'id', Direction: 'asc' }],
    }),
  /** Changed values, all or none. */
  update: (rows: { id: number; version: number; key?: string; value: string }[]) =>
    post<AppSettingRow[]>(`${REPO}/bulkupdate/appsetting`, rows),
  add: (row: { group: number; key: string; value: string; description: string }) =>
    post<AppSettingRow>(`${REPO}/Insert/appsetting`, row),
  remove: (ids: number[]) => post<unknown>(`${REPO}/Execute/appsetting`, { action: 'delete', ids }),
};

export const lockedUsersApi = {
  list: () => get<LockedUserDto[]>('/api/user/Locked'),
  unlock: (userId: number) => post<null>('/api/user/Unlock', { userId }),
};

export const featuresApi = {
  get: () => get<FeatureSwitches>('/api/feature/Get'),
  save: (body: FeatureSwitches) => post<FeatureSwitches>('/api/feature/Save', body),
};

export const companyApi = {
  get: () => get<CompanySettings>('/api/company/Get'),
  save: (body: SaveCompanyRequest) => post<CompanyDto>('/api/company/Save', body),
};

export const resetPasswordApi = {
  reset: (body: AdminResetPasswordRequest) => post<AdminResetPasswordResponse>('/api/ResetPassword/Reset', body),
};
