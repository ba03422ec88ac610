import { entity, single, type MenuGroupDef } from './types';

export const membership: MenuGroupDef = {
  key: 'membership',
  label: 'Membership',
  icon: 'person-badge',
  screens: [
    entity('membershipgroup', 'Membership groups', 'people', { feature: 'membership' }),
    entity('membershipbenefit', 'Membership benefits', 'gift', { feature: 'membership' }),
    entity('membership', 'Members', 'person-vcard', { feature: 'membership', exportProcedure: 'EXP_Membership' }),
    single('membershipintegrationsettings', 'Membership integration', 'plug', {
      api: 'membershipintegration',
      feature: 'membership',
    }),
  ],
};
