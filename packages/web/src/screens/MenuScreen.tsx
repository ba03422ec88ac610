import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { usePageName } from '../app/usePageName';
import { useAppDispatch } from '../store';
import type { ClientMenuItem } from '../store/menuSlice';
import { setPagePrivilege } from '../store/pageSlice';
import type { ScreenMode } from './screenRoutes';

const PERMISSIONS = ['ableToView', 'ableToEdit', 'ableToDelete', 'ableToSetTable'] as const;

export interface ScreenProps {
  item: ClientMenuItem;
  mode: ScreenMode;
}

/**
 * The screen routed for a menu item until the generic list and form screens exist: it names the
 * item, the mode and the permissions the menu granted, and records the item as the page privilege.
 */
export default function MenuScreen({ item, mode, children }: ScreenProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { id } = useParams();
  usePageName(item.name);

  useEffect(() => {
    dispatch(setPagePrivilege(item));
  }, [dispatch, item]);

  return (
    <section className="card" aria-labelledby="screen-title">
      <div className="card-body">
        <h2 id="screen-title" className="h4">
          {item.name}
        </h2>
        <p className="screen-mode">{mode === 'edit' ? t('screen.mode.edit', { id }) : t(`screen.mode.${mode}`)}</p>
        {children}
        <h3 className="h6">{t('screen.permissions')}</h3>
        <dl className="row mb-0 screen-permissions">
          {PERMISSIONS.map((flag) => (
            <div key={flag} className="col-sm-6 d-flex gap-2">
              <dt className="fw-normal">{t(`screen.flags.${flag}`)}</dt>
              <dd className="mb-0 fw-semibold">{item[flag] ? t('common.yes') : t('common.no')}</dd>
            </div>
          ))}
        </dl>
        <p className="text-body-secondary small mt-3 mb-0">{t('screen.pending')}</p>
      </div>
    </section>
  );
}
