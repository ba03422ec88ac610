/**
 * Field groups: fields a role may be denied while it keeps the screens that hold them (a cashier
 * sees products but not what they cost). A field joins one with its `group` option; each group is
 * one privilege row, `fields/{group}`: view shows its fields, edit writes them.
 */
export const FIELD_GROUPS = {
  costs: { label: 'Costs and margins', icon: 'cash-coin' },
} as const;

export type FieldGroup = keyof typeof FIELD_GROUPS;

export const FIELD_GROUP_NAMES = Object.keys(FIELD_GROUPS) as FieldGroup[];

/** The privilege row that grants a field group. */
export const fieldGroupPrivilege = (group: FieldGroup) => `fields/${group}`;
