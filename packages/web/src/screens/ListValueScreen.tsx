import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { findEntity } from '@backroom/schema';
import { apiFailure } from '../data/api';
import { useCategoryId } from '../data/hooks';
import { Spinner } from '../ui/Spinner';
import { GenericScreen, type ScreenProps } from './MenuScreen';
import { useMenuScreen } from './useMenuScreen';

const HIDDEN = ['category'] as const;

/** The one screen every list-value path shares: the list and form of `listvalue`, fixed to the path's category. */
export default function ListValueScreen(props: ScreenProps) {
  const { t } = useTranslation();
  useMenuScreen(props.item);
  const category = props.item.path.split('/').filter(Boolean).pop() ?? '';
  const categoryId = useCategoryId(category);
  const { id } = useParams();
  // Where the user is: the category of the path and the mode (list, add, edit record n).
  const context = (
    <p className="screen-context small text-body-secondary d-flex gap-3 mb-2">
      <span>{t('screen.listValueCategory', { category })}</span>
      <span>{props.mode === 'edit' ? t('screen.mode.edit', { id }) : t(`screen.mode.${props.mode}`)}</span>
    </p>
  );
  const entity = findEntity('listvalue')!;
  const fixedFilters = useMemo(
    () =>
      categoryId.data === undefined ? [] : [{ ColumnName: 'category', ColumnValue: categoryId.data, Operator: 'EQ' }],
    [categoryId.data],
  );
  const fixedValues = useMemo(() => ({ category: categoryId.data }), [categoryId.data]);
  if (categoryId.isPending)
    return (
      <>
        {context}
        <Spinner />
      </>
    );
  if (categoryId.isError)
    return (
      <>
        {context}
        <div className="alert alert-danger" role="alert">
          {t('screen.listValueCategoryFailed', {
            category: category.toUpperCase(),
            message: apiFailure(categoryId.error).message,
          })}
        </div>
      </>
    );
  return (
    <>
      {context}
      <GenericScreen
        {...props}
        entity={entity}
        title={props.item.name || t('screen.listValueCategory', { category: category.toUpperCase() })}
        fixedFilters={fixedFilters}
        fixedValues={fixedValues}
        hiddenFields={HIDDEN}
      />
    </>
  );
}
