import { field as f } from './fields';
import { entity, list, model, single, type MenuGroupDef } from './types';

const code = f.code();
const name = f.name();
const active = { hasIsActive: true } as const;

/**
 * What an audit row records: a write through the data API (insert, update, delete) or a security
 * or administrative action (docs/decisions/audit-log.md lists when each is written).
 */
export const AUDIT_ACTIONS = [
  'insert',
  'update',
  'delete',
  'signIn',
  'signInFailed',
  'lockout',
  'signOut',
  'refreshReuse',
  'passwordChange',
  'passwordResetRequest',
  'passwordReset',
  'adminPasswordReset',
  'revokeSessions',
  'resetOtp',
  'otpEnable',
  'otpDisable',
  'unlock',
  'grantPrivileges',
  'rowAction',
  'terminalPair',
  'jobRun',
  'export',
  'connectionTest',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Kinds a custom field can have (the `customfield` entity). */
export const CUSTOM_FIELD_KINDS = ['text', 'number', 'date', 'boolean', 'list'] as const;

export const administration: MenuGroupDef = {
  key: 'administration',
  label: 'Administration',
  icon: 'shield-lock',
  screens: [
    entity('user', 'Users', 'person', {
      exportProcedure: 'EXP_User',
      table: 'app_user',
      defaultSort: 'userName',
      dropdown: { label: 'displayName' },
      searchFields: ['userName', 'displayName', 'email'],
      palette: { exact: ['userName'] },
      listColumns: ['userName', 'displayName', 'email', 'role', 'lastLoginAt', 'isActive'],
      fields: {
        userName: f.text({
          required: true,
          unique: true,
          maxLength: 100,
          pattern: '^[A-Za-z0-9._@-]+$',
          patternMessage: 'User name may contain letters, digits and . _ @ - only',
        }),
        displayName: f.text({ required: true, maxLength: 100 }),
        email: f.email(),
        phone: f.phone(),
        role: f.ref('role', { required: true }),
        outlets: f.refs('outlet', { label: 'Outlets allowed', help: 'Blank for every outlet.' }),
        isActive: f.bool({ default: true, label: 'Active' }),
        mustChangePassword: f.bool({ default: true }),
        otpEnabled: f.bool({ readOnly: true, label: 'Two-step sign-in' }),
        lastLoginAt: f.datetime({ readOnly: true }),
        lockedUntil: f.datetime({ readOnly: true }),
      },
    }),
    entity('role', 'Roles', 'person-gear', {
      ...active,
      fields: { code, name, description: f.longtext({ maxLength: 500 }) },
    }),
    entity('privilege', 'Privileges', 'key', {
      defaultSort: 'sortOrder',
      dropdown: { label: 'menuText' },
      searchFields: ['menuText', 'route'],
      // Columns as the server's privilege table has them (rows derived from the screens).
      fields: {
        name: f.text({ readOnly: true, unique: true, maxLength: 100, help: 'The screen name; the permission key.' }),
        group: f.text({ required: true, maxLength: 50, column: 'group_key', help: 'Key of the menu group.' }),
        menuText: f.text({ required: true, maxLength: 100 }),
        route: f.text({ required: true, maxLength: 100 }),
        icon: f.text({ maxLength: 50 }),
        sortOrder: f.int({ min: 0 }),
        exportProcedure: f.text({ maxLength: 100 }),
        labelText: f.text({ maxLength: 20 }),
        labelColour: f.colour({ column: 'label_color' }),
      },
    }),
    single('roleprivilege', 'Role privileges', 'ui-checks-grid', { api: 'RolePrivileges' }),
    single('lockeduser', 'Locked users', 'lock'),
    entity('customfield', 'Custom fields', 'input-cursor-text', {
      api: 'CustomField',
      ...active,
      table: 'custom_field',
      defaultSort: 'entity',
      dropdown: { label: 'label' },
      listColumns: ['entity', 'key', 'label', 'kind', 'required', 'sortOrder', 'isActive'],
      fields: {
        entity: f.text({ required: true, maxLength: 50, help: 'Name of the entity it extends, e.g. product.' }),
        key: f.text({
          required: true,
          maxLength: 50,
          unique: ['entity'],
          pattern: '^[a-z][a-zA-Z0-9]*$',
          patternMessage: 'Key must start with a lower-case letter and hold letters and digits only',
        }),
        label: f.text({ required: true, maxLength: 100 }),
        kind: f.enum(CUSTOM_FIELD_KINDS, { required: true, default: 'text' }),
        listValueCategory: f.ref('listvaluecategory', { help: 'For kind list.' }),
        required: f.bool(),
        sortOrder: f.int({ min: 0 }),
      },
    }),
    list('listvaluecategory', 'List value categories', 'list-ul', {
      api: 'ListValueCategory',
      ...active,
      table: 'list_value_category',
      fields: {
        code: f.code({ pattern: '^[A-Z][A-Z0-9_]*$', patternMessage: 'Code must be capital letters, digits and _' }),
        name,
        description: f.longtext({ maxLength: 500 }),
      },
    }),
    entity('listvalue', 'List values', 'list-check', {
      inMenu: false,
      ...active,
      table: 'list_value',
      defaultSort: 'sortOrder',
      fields: {
        category: f.ref('listvaluecategory', { required: true }),
        code: f.code({ unique: ['category'] }),
        name,
        sortOrder: f.int({ min: 0, default: 0 }),
      },
    }),
    single('company', 'Company', 'building-gear', {
      fields: {
        name: f.name({ maxLength: 200 }),
        registrationNo: f.text({ maxLength: 50, label: 'Registration no.' }),
        taxRegistrationNo: f.text({ maxLength: 50, label: 'Tax registration no.' }),
        address: f.longtext({ maxLength: 500 }),
        logo: f.image(),
        baseCurrency: f.ref('currency'),
        timezone: f.timezone({ default: 'UTC' }),
      },
    }),
    // The module switches are feature_switch rows (key, enabled), read and written by /api/feature.
    single('feature', 'Features', 'toggles'),
    single('installer', 'Installer', 'magic', { inMenu: false }),
  ],
  entities: [
    model('roleprivilegegrant', 'Role privilege grants', {
      api: 'RolePrivileges',
      permission: 'roleprivilege',
      table: 'role_privilege',
      // Written only through /api/RolePrivileges/Save, which keeps an administrator from locking
      // everyone out and view implied by the other flags.
      readOnly: true,
      defaultSort: 'role',
      dropdown: { label: ['role', 'privilege'] },
      fields: {
        role: f.ref('role', { required: true }),
        privilege: f.ref('privilege', { required: true, unique: ['role'] }),
        ableToView: f.bool(),
        ableToEdit: f.bool(),
        ableToDelete: f.bool(),
        ableToSetTable: f.bool(),
      },
    }),
    model('appsetting', 'App settings', {
      api: 'AppSetting',
      permission: 'company',
      table: 'app_setting',
      defaultSort: 'key',
      dropdown: { label: 'key' },
      searchFields: ['key'],
      fields: {
        group: f.int({ required: true, min: 1, column: 'group_id', help: '1 general, 2 top menu links.' }),
        key: f.text({ required: true, unique: true, maxLength: 100 }),
        value: f.longtext({ maxLength: 4000, default: '' }),
        description: f.text({ maxLength: 255 }),
        attributes: f.json(),
      },
    }),
    model('importmapping', 'Import mappings', {
      permission: 'dataexporter',
      table: 'import_mapping',
      defaultSort: 'importType',
      dropdown: { label: 'source' },
      fields: {
        importType: f.text({ required: true, maxLength: 100, label: 'Import type' }),
        source: f.text({
          required: true,
          maxLength: 100,
          unique: ['importType'],
          help: 'A known system (shopify, square, loyverse, odoo) or the signature of a file’s headers.',
        }),
        mapping: f.json({ help: 'Column header → field name, or null to ignore the column.' }),
      },
    }),
    model('auditlog', 'Audit log', {
      readOnly: true,
      systemFields: false,
      table: 'audit_log',
      defaultSort: '-at',
      dropdown: { label: 'at' },
      listColumns: ['at', 'userName', 'entity', 'rowId', 'action'],
      fields: {
        at: f.datetime({ required: true }),
        userId: f.int({ help: 'Who acted; blank for a sign-in attempt with an unknown user name.' }),
        userName: f.text({ maxLength: 100 }),
        entity: f.text({ required: true, maxLength: 50 }),
        rowId: f.int({ help: 'The row acted on; blank when the action concerns no single row.' }),
        action: f.enum(AUDIT_ACTIONS, { required: true }),
        changes: f.json({ help: 'Fields before and after; secrets masked.' }),
        ip: f.text({ maxLength: 64, label: 'Client address', help: 'Where the request came from (see TRUST_PROXY).' }),
      },
    }),
  ],
};
