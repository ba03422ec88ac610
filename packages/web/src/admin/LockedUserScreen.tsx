import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useInstantText } from '../data/useValueFormat';
import type { LockedUserDto } from '@backroom/schema';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormAlert } from '../ui/FormAlert';
import { Spinner } from '../ui/Spinner';
import { lockedUsersApi } from './api';
import { useErrorText } from '../screens/errorText';
import type { SingleScreenProps } from '../screens/webModule';

const LOCKED_KEY = ['lockeduser'];

/** `lockeduser`: accounts locked by failed sign-ins, each with an Unlock that lifts the lock before it expires. */
export default function LockedUserScreen({ item }: SingleScreenProps) {
  const { t } = useTranslation();
  const when = useInstantText();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<LockedUserDto | null>(null);
  const [unlocked, setUnlocked] = useState('');

  const locked = useQuery({ queryKey: LOCKED_KEY, queryFn: lockedUsersApi.list });
  const unlock = useMutation({
    mutationFn: (user: LockedUserDto) => lockedUsersApi.unlock(user.userId),
    onSuccess: (_, user) => {
      setUnlocked(user.userName);
      void queryClient.invalidateQueries({ queryKey: LOCKED_KEY });
    },
  });

  return (
    <section className="card" aria-labelledby="lockeduser-title">
      <div className="card-body">
        <div className="d-flex align-items-center mb-3">
          <h2 id="lockeduser-title" className="h4 mb-0 me-auto">
            {t('singles.lockedUser.title')}
          </h2>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void locked.refetch()}
            disabled={locked.isFetching}
          >
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('common.reload')}
          </button>
        </div>
        {unlocked && <FormAlert tone="success">{t('singles.lockedUser.unlocked', { userName: unlocked })}</FormAlert>}
        {unlock.isError && <FormAlert>{errorText(unlock.error)}</FormAlert>}
        {locked.isError && <FormAlert>{errorText(locked.error)}</FormAlert>}
        {locked.isPending && <Spinner />}
        {locked.data?.length === 0 && <p role="status">{t('singles.lockedUser.none')}</p>}
        {locked.data && locked.data.length > 0 && (
          <div className="table-responsive">
            <table className="table table-hover align-middle" aria-label={t('singles.lockedUser.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('singles.lockedUser.userName')}</th>
                  <th scope="col">{t('singles.lockedUser.displayName')}</th>
                  <th scope="col" className="text-end">
                    {t('singles.lockedUser.failures')}
                  </th>
                  <th scope="col">{t('singles.lockedUser.lockedUntil')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('singles.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {locked.data.map((user) => (
                  <tr key={user.userId}>
                    <th scope="row">{user.userName}</th>
                    <td>{user.displayName}</td>
                    <td className="text-end">{user.failureCount}</td>
                    <td>{when(user.lockedUntil)}</td>
                    <td className="text-end">
                      {item.ableToEdit && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-primary"
                          aria-label={t('singles.lockedUser.unlockUser', { userName: user.userName })}
                          onClick={() => setConfirming(user)}
                        >
                          <i className="bi bi-unlock me-1" aria-hidden="true" />
                          {t('singles.lockedUser.unlock')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('singles.lockedUser.confirm', { userName: confirming.userName })}
          confirmLabel={t('singles.lockedUser.unlock')}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setUnlocked('');
            unlock.mutate(confirming);
            setConfirming(null);
          }}
        />
      )}
    </section>
  );
}
