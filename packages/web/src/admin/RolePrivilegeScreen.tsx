import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PRIVILEGE_FLAGS,
  type PrivilegeFlagsDto,
  type RolePrivilegeGrid,
  type RolePrivilegeGroup,
  type RolePrivilegeRow,
} from '@backroom/schema';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { TitledCard } from '../ui/TitledCard';
import { rolePrivilegesApi } from './api';
import { sameFlags, withFlag, type PrivilegeFlag } from './grants';
import { useErrorText } from '../screens/errorText';
import type { SingleScreenProps } from '../screens/webModule';

type Edits = Record<number, PrivilegeFlagsDto>;

function GroupCheckbox({
  checked,
  mixed,
  label,
  disabled,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  label: string;
  disabled: boolean;
  onChange(on: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

interface GridProps {
  grid: RolePrivilegeGrid;
  edits: Edits;
  readOnly: boolean;
  onChange(edits: Edits): void;
}

function PrivilegeGrid({ grid, edits, readOnly, onChange }: GridProps) {
  const { t } = useTranslation();
  const flagsOf = (row: RolePrivilegeRow): PrivilegeFlagsDto => edits[row.privilegeId] ?? row;
  const flagText = (flag: PrivilegeFlag) => t(`singles.rolePrivilege.flags.${flag}`);

  const set = (rows: RolePrivilegeRow[], flag: PrivilegeFlag, on: boolean) => {
    const next = { ...edits };
    for (const row of rows) {
      const flags = withFlag(flagsOf(row), flag, on);
      if (sameFlags(flags, row)) delete next[row.privilegeId];
      else next[row.privilegeId] = flags;
    }
    onChange(next);
  };

  const groupHeader = (group: RolePrivilegeGroup) => {
    const { groupText } = group;
    return (
      <tr className="table-light">
        <th scope="rowgroup">{groupText}</th>
        {PRIVILEGE_FLAGS.map((flag) => {
          const count = group.rows.filter((row) => flagsOf(row)[flag]).length;
          return (
            <td key={flag} className="text-center">
              <GroupCheckbox
                checked={count === group.rows.length}
                mixed={count > 0 && count < group.rows.length}
                label={t('singles.rolePrivilege.columnOf', { flag: flagText(flag), group: groupText })}
                disabled={readOnly}
                onChange={(on) => set(group.rows, flag, on)}
              />
            </td>
          );
        })}
      </tr>
    );
  };

  return (
    <div className="table-responsive">
      <table
        className="table table-sm table-hover align-middle"
        aria-label={t('singles.rolePrivilege.gridOf', { role: grid.roleName })}
      >
        <thead>
          <tr>
            <th scope="col">{t('singles.rolePrivilege.screen')}</th>
            {PRIVILEGE_FLAGS.map((flag) => (
              <th key={flag} scope="col" className="text-center">
                {flagText(flag)}
              </th>
            ))}
          </tr>
        </thead>
        {grid.groups.map((group) => (
          <tbody key={group.groupKey}>
            {groupHeader(group)}
            {group.rows.map((row) => {
              const flags = flagsOf(row);
              return (
                <tr key={row.privilegeId} className={edits[row.privilegeId] ? 'table-warning' : undefined}>
                  <th scope="row" className="fw-normal ps-4">
                    {row.menuText}
                  </th>
                  {PRIVILEGE_FLAGS.map((flag) => (
                    <td key={flag} className="text-center">
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={t('singles.rolePrivilege.flagOf', { flag: flagText(flag), screen: row.menuText })}
                        checked={flags[flag]}
                        disabled={readOnly}
                        onChange={(e) => set([row], flag, e.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** `roleprivilege`: the role × privilege grid. A saved change reaches the role's users on their next menu load. */
export default function RolePrivilegeScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [roleId, setRoleId] = useState<number | null>(null);
  const [pendingRole, setPendingRole] = useState<number | null>(null);
  const [edits, setEdits] = useState<Edits>({});
  const [saved, setSaved] = useState(false);

  const roles = useQuery({ queryKey: ['roleprivilege', 'roles'], queryFn: rolePrivilegesApi.roles });
  const shownRole = roleId ?? roles.data?.[0]?.id ?? null;
  const grid = useQuery({
    queryKey: ['roleprivilege', 'grid', shownRole],
    queryFn: () => rolePrivilegesApi.grid(shownRole!),
    enabled: shownRole !== null,
  });
  const changed = useMemo(
    () => Object.entries(edits).map(([id, flags]) => ({ privilegeId: Number(id), ...flags })),
    [edits],
  );

  const save = useMutation({
    mutationFn: () => rolePrivilegesApi.save({ roleId: shownRole!, rows: changed }),
    onSuccess: (next) => {
      queryClient.setQueryData(['roleprivilege', 'grid', next.roleId], next);
      // The signed-in user's own role may have changed: their menu reloads.
      void queryClient.invalidateQueries({ queryKey: ['menu'] });
      setEdits({});
      setSaved(true);
    },
  });

  const chooseRole = (id: number) => {
    setEdits({});
    setSaved(false);
    save.reset();
    setRoleId(id);
  };

  if (roles.isPending) return <Spinner />;
  const readOnly = !item.ableToEdit;
  return (
    <TitledCard
      titleId="roleprivilege-title"
      title={t('singles.rolePrivilege.title')}
      dialogs={
        pendingRole !== null && (
          <ConfirmDialog
            title={t('singles.rolePrivilege.discard')}
            confirmLabel={t('singles.discard')}
            onCancel={() => setPendingRole(null)}
            onConfirm={() => {
              chooseRole(pendingRole);
              setPendingRole(null);
            }}
          />
        )
      }
    >
      {roles.isError && <FormAlert>{errorText(roles.error)}</FormAlert>}
      <div className="row g-2 align-items-end mb-3">
        <div className="col-sm-6 col-lg-4">
          <label htmlFor={selectId} className="form-label">
            {t('singles.rolePrivilege.role')}
          </label>
          <select
            id={selectId}
            className="form-select"
            value={shownRole ?? ''}
            onChange={(e) =>
              changed.length > 0 ? setPendingRole(Number(e.target.value)) : chooseRole(Number(e.target.value))
            }
          >
            {roles.data?.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <button
            type="button"
            className="btn btn-primary"
            disabled={readOnly || changed.length === 0 || save.isPending}
            onClick={() => save.mutate()}
          >
            {t('singles.save')}
          </button>
        </div>
      </div>
      {changed.length > 0 && (
        <FormAlert tone="info">{t('singles.rolePrivilege.unsaved', { count: changed.length })}</FormAlert>
      )}
      {saved && changed.length === 0 && <FormAlert tone="success">{t('singles.rolePrivilege.saved')}</FormAlert>}
      {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
      {grid.isError && <FormAlert>{errorText(grid.error)}</FormAlert>}
      {grid.isPending && shownRole !== null && <Spinner />}
      {grid.data && (
        <PrivilegeGrid
          grid={grid.data}
          edits={edits}
          readOnly={readOnly}
          onChange={(next) => {
            setSaved(false);
            setEdits(next);
          }}
        />
      )}
    </TitledCard>
  );
}
