import { useTranslation } from 'react-i18next';
import '../i18n/info-page-texts';
import { CategoryPage } from './CategoryPage';
import { routePath } from '../../core/routing/routes';

/** The wholesale gift packaging page (spec catalogue §2.1 /kadoverpakkingen-groothandel.html): the wholesale category with an introduction. */
export function WholesalePage() {
  const { t } = useTranslation();
  return (
    <div className="wholesale">
      <CategoryPage intro={<p className="wholesale__intro">{t('wholesale.intro')}</p>} ownPath={routePath('wholesale')} />
    </div>
  );
}
