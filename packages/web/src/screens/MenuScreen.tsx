import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { findEntity, type NormalisedEntity } from '@backroom/schema';
import { registryText } from '../i18n/registryText';
import type { ClientMenuItem } from '../store/menuSlice';
import { Spinner } from '../ui/Spinner';
import { FormScreen } from './FormScreen';
import { ListAddPanel } from './ListAddPanel';
import { ListScreen } from './ListScreen';
import { hasForm, screenOf, type ScreenMode } from './screenRoutes';
import { useModules } from './modules';
import { useMenuScreen } from './useMenuScreen';

export interface ScreenProps {
  item: ClientMenuItem;
  mode: ScreenMode;
}

export function GenericScreen({
  entity,
  item,
  mode,
  title,
  ...rest
}: ScreenProps & { entity: NormalisedEntity; title: string } & Pick<
    Parameters<typeof FormScreen>[0],
    'fixedValues' | 'hiddenFields'
  > &
  Pick<Parameters<typeof ListScreen>[0], 'fixedFilters'>) {
  const { forms, lists } = useModules();
  // The routes give edit and add only to entities with a form (screenRoutes).
  const OwnList = mode === 'list' ? lists[entity.name] : undefined;
  if (OwnList)
    return (
      <Suspense fallback={<Spinner />}>
        <OwnList item={item} title={title} />
      </Suspense>
    );
  if (mode === 'list') {
    const list = (
      <ListScreen
        entity={entity}
        item={item}
        hasForm={hasForm(entity)}
        title={title}
        fixedFilters={rest.fixedFilters}
        hiddenFields={rest.hiddenFields}
      />
    );
    // A list-only screen has no add route: its Add is a form above the list.
    if (entity.kind !== 'list' || entity.readOnly || !item.ableToEdit) return list;
    return (
      <>
        <ListAddPanel entity={entity} title={title} />
        {list}
      </>
    );
  }
  const Own = forms[entity.name];
  if (Own)
    return (
      <Suspense fallback={<Spinner />}>
        <Own entity={entity} item={item} mode={mode} title={title} />
      </Suspense>
    );
  return (
    <FormScreen
      entity={entity}
      item={item}
      mode={mode}
      title={title}
      fixedValues={rest.fixedValues}
      hiddenFields={rest.hiddenFields}
    />
  );
}

/**
 * The screen routed for a menu item: the generic list and form of its registry entity. Single
 * screens and importers get their own screens later; until then they say so.
 */
export default function MenuScreen({ item, mode }: ScreenProps) {
  const { t } = useTranslation();
  useMenuScreen(item);
  const screen = screenOf(item.path);
  const entity = screen && (screen.kind === 'entity' || screen.kind === 'list') ? findEntity(screen.name) : undefined;
  if (!entity) return <PendingScreen item={item} kind={screen?.kind} />;
  return <GenericScreen entity={entity} item={item} mode={mode} title={item.name || registryText(t, entity.label)} />;
}

function PendingScreen({ item, kind }: { item: ClientMenuItem; kind?: string }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="screen-title">
      <div className="card-body">
        <h2 id="screen-title" className="h4">
          {item.name}
        </h2>
        <p className="mb-0" role="status">
          {kind === 'importer'
            ? t('screen.importerPending')
            : kind === 'single'
              ? t('screen.singlePending')
              : t('screen.pending')}
        </p>
      </div>
    </section>
  );
}
