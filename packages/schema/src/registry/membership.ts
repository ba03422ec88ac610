import { field as f } from './fields';
import { entity, model, single, type MenuGroupDef } from './types';

const feature = 'membership' as const;

export const membership: MenuGroupDef = {
  key: 'membership',
  label: 'Membership',
  icon: 'person-badge',
  screens: [
    entity('membershipgroup', 'Membership groups', 'people', {
      table: 'membership_group',
      feature,
      hasIsActive: true,
      fields: {
        code: f.code(),
        name: f.name(),
        discountPercent: f.percent({ label: 'Discount (%)' }),
        pointsPerUnitSpent: f.decimal({ help: 'Points earned per unit of the base currency spent.' }),
        upgradeThreshold: f.money({ help: 'Spend that moves a member up to this group.' }),
        validityMonths: f.int({ min: 0 }),
      },
    }),
    entity('membershipbenefit', 'Membership benefits', 'gift', {
      table: 'membership_benefit',
      feature,
      hasIsActive: true,
      defaultSort: 'membershipGroup',
      dropdown: { label: ['membershipGroup', 'kind'] },
      fields: {
        membershipGroup: f.ref('membershipgroup', { required: true }),
        kind: f.enum(['discount', 'pointsMultiplier', 'birthdayVoucher', 'freeItem'], { required: true }),
        value: f.decimal({
          help: 'Percent, multiplier or amount, as the kind says.',
          percentWhen: { field: 'kind', values: ['discount'] },
        }),
        product: f.ref('product', { help: 'The free item.' }),
        conditions: f.longtext({ maxLength: 1000 }),
      },
    }),
    entity('membership', 'Members', 'person-vcard', {
      feature,
      exportProcedure: 'EXP_Membership',
      defaultSort: 'memberNo',
      dropdown: { label: ['memberNo', 'name'] },
      searchFields: ['memberNo', 'name', 'phone', 'email'],
      searchIndex: true,
      palette: { exact: ['memberNo', 'phone'] },
      listColumns: ['memberNo', 'name', 'phone', 'membershipGroup', 'expiryDate', 'pointsBalance', 'status'],
      ranges: [['joinDate', 'expiryDate']],
      fields: {
        memberNo: f.code({ label: 'Member no.' }),
        name: f.name(),
        phone: f.phone({ unique: true }),
        email: f.email(),
        birthDate: f.date(),
        gender: f.lv('GENDER'),
        membershipGroup: f.ref('membershipgroup', { required: true }),
        joinDate: f.date(),
        expiryDate: f.date(),
        pointsBalance: f.decimal({ readOnly: true, signed: true, help: 'From the points ledger.' }),
        totalSpend: f.money({
          readOnly: true,
          help: 'What the member has spent: moves them up to a group at its upgrade threshold.',
        }),
        status: f.enum(['active', 'suspended', 'expired'], { required: true, default: 'active' }),
        outlet: f.ref('outlet', { label: 'Registered at' }),
      },
    }),
    single('membershipintegrationsettings', 'Membership integration', 'plug', {
      api: 'membershipintegration',
      feature,
      table: 'membership_integration_settings',
      fields: {
        provider: f.text({ required: true, maxLength: 50 }),
        endpoint: f.url(),
        apiKey: f.secret({ label: 'API key', address: 'endpoint' }),
        syncDirection: f.enum(['import', 'export', 'both'], { default: 'both' }),
        enabled: f.bool(),
      },
    }),
  ],
  entities: [
    model('pointsledger', 'Points ledger', {
      readOnly: true,
      permission: 'membership',
      table: 'points_ledger',
      defaultSort: '-at',
      dropdown: { label: 'at' },
      fields: {
        membership: f.ref('membership', { required: true, label: 'Member' }),
        at: f.datetime({ required: true }),
        kind: f.enum(['earn', 'redeem', 'expire', 'adjust'], { required: true }),
        points: f.decimal({ required: true, signed: true }),
        expiresOn: f.date({ help: 'Earned points: the day they expire.' }),
        reason: f.text({ maxLength: 100 }),
        reference: f.text({ maxLength: 100 }),
      },
    }),
  ],
};
