import { PRIVILEGE_FLAGS, type PrivilegeFlagsDto } from '@backroom/schema';

export type PrivilegeFlag = (typeof PRIVILEGE_FLAGS)[number];

const NONE: PrivilegeFlagsDto = { ableToView: false, ableToEdit: false, ableToDelete: false, ableToSetTable: false };

const flagsOnly = ({ ableToView, ableToEdit, ableToDelete, ableToSetTable }: PrivilegeFlagsDto): PrivilegeFlagsDto => ({
  ableToView,
  ableToEdit,
  ableToDelete,
  ableToSetTable,
});

/**
 * One flag switched, keeping the server's rule that edit, delete and table settings need view:
 * ticking one of those ticks view, clearing view clears them all.
 */
export function withFlag(current: PrivilegeFlagsDto, flag: PrivilegeFlag, on: boolean): PrivilegeFlagsDto {
  const flags = flagsOnly(current);
  if (flag === 'ableToView') return on ? { ...flags, ableToView: true } : NONE;
  return on ? { ...flags, [flag]: true, ableToView: true } : { ...flags, [flag]: false };
}

export const sameFlags = (a: PrivilegeFlagsDto, b: PrivilegeFlagsDto) =>
  PRIVILEGE_FLAGS.every((flag) => a[flag] === b[flag]);
