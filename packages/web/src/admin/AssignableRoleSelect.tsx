import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { SelectInput } from '../fields/SelectInput';
import type { OwnInputProps } from '../screens/webModule';
import { usersApi } from './api';

/**
 * The user form's role: a select of the roles the caller may give (GET user/AssignableRoles). A
 * user's saved role beyond the caller's stays shown under its name; the server refuses the others.
 */
export default function AssignableRoleSelect({ name, common, className }: OwnInputProps) {
  const roles = useQuery({
    queryKey: ['user', 'assignableRoles'],
    queryFn: usersApi.assignableRoles,
    enabled: !common.disabled,
  });
  const given = useWatch({ name: `${name}Label` }) as unknown;
  return (
    <SelectInput
      name={name}
      options={roles.data ?? []}
      loading={roles.isLoading}
      valueLabel={given === null || given === undefined || given === '' ? undefined : String(given)}
      className={className}
      common={common}
    />
  );
}
