import { useTranslation } from 'react-i18next';
import MenuScreen, { type ScreenProps } from './MenuScreen';

/** The one screen every list-value path shares (SPEC §2); the category is the last path segment. */
export default function ListValueScreen(props: ScreenProps) {
  const { t } = useTranslation();
  const category = props.item.path.split('/').filter(Boolean).pop() ?? '';
  return (
    <MenuScreen {...props}>
      <p className="screen-category">{t('screen.listValueCategory', { category })}</p>
    </MenuScreen>
  );
}
