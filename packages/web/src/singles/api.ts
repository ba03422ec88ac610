import type {
  AdminResetPasswordRequest,
  AdminResetPasswordResponse,
  ApiEnvelope,
  CompanyDto,
  CompanySettings,
  FeatureSwitches,
  LockedUserDto,
  RoleOption,
  RolePrivilegeGrid,
  SaveCompanyRequest,
  SaveRolePrivilegesRequest,
} from '@backroom/schema';
import { http } from '../api/http';

/** These screens show their errors inline, so their calls never open the error modal. */
const inline = { suppressErrorModal: true } as const;

const data = async <T>(request: Promise<{ data: ApiEnvelope<T> }>) => (await request).data.data;
const get = <T>(url: string, params?: Record<string, unknown>) => data(http.get<ApiEnvelope<T>>(url, { params }));
const post = <T>(url: string, body: unknown) => data(http.post<ApiEnvelope<T>>(url, body, inline));

export const rolePrivilegesApi = {
  roles: () => get<RoleOption[]>('/api/RolePrivileges/Roles'),
  grid: (roleId: number) => get<RolePrivilegeGrid>('/api/RolePrivileges/Grid', { roleId }),
  save: (body: SaveRolePrivilegesRequest) => post<RolePrivilegeGrid>('/api/RolePrivileges/Save', body),
};

export const usersApi = {
  /** The roles the caller may give a user (the server refuses any other). */
  assignableRoles: async () => (await get<{ text: string; value: number }[]>('/api/user/AssignableRoles')).map((o) => ({ value: o.value, label: o.text })),
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
