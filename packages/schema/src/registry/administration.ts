import { entity, list, single, type MenuGroupDef } from './types';

export const administration: MenuGroupDef = {
  key: 'administration',
  label: 'Administration',
  icon: 'shield-lock',
  screens: [
    entity('user', 'Users', 'person', { exportProcedure: 'EXP_User' }),
    entity('role', 'Roles', 'person-gear'),
    entity('privilege', 'Privileges', 'key'),
    single('roleprivilege', 'Role privileges', 'ui-checks-grid', { api: 'RolePrivileges' }),
    single('lockeduser', 'Locked users', 'lock'),
    entity('customfield', 'Custom fields', 'input-cursor-text', { api: 'CustomField' }),
    list('listvaluecategory', 'List value categories', 'list-ul', { api: 'ListValueCategory' }),
    entity('listvalue', 'List values', 'list-check', { inMenu: false }),
    single('company', 'Company', 'building-gear'),
    single('feature', 'Features', 'toggles'),
    single('installer', 'Installer', 'magic', { inMenu: false }),
  ],
};
