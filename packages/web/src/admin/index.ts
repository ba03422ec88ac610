import type { WebModule } from '../screens/webModule';

/** Administration: users (first password, password reset, the roles the caller may give), role privileges, locked users, features, company, membership integration. */
export const adminModule: WebModule = {
  name: 'admin',
  formActions: { user: [() => import('./ResetPasswordAction')] },
  // A new user's first password, checked with zod, which loads with the first check (not with the app).
  addInputs: {
    user: {
      checks: { password: async (value) => (await import('./newUserPassword')).firstPasswordProblem(value) },
      load: () => import('./NewPasswordInput'),
    },
  },
  ownInputs: { 'user.role': () => import('./AssignableRoleSelect') },
  singles: {
    roleprivilege: () => import('./RolePrivilegeScreen'),
    lockeduser: () => import('./LockedUserScreen'),
    feature: () => import('./FeatureScreen'),
    company: () => import('./CompanyScreen'),
    membershipintegrationsettings: () => import('./MembershipIntegrationScreen'),
  },
};
