import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageResolution } from '../hooks/use-catalogue';
import { ProductPage } from './ProductPage';
import { CategoryPage } from './CategoryPage';
import { CmsPage } from './CmsPage';
import { NotFoundPage } from './NotFoundPage';

/**
 * The page-not-found route's element (spec catalogue §2.3): the URL dispatcher resolved the path to a product,
 * category or CMS page (rendered here) or to nothing (the not-found page). While a new path is being resolved in
 * the browser, a loading state shows.
 */
export function DispatchedPage() {
  const { t } = useTranslation();
  const resolution = usePageResolution();
  const location = useLocation();
  if (resolution.path !== location.pathname) return <p role="status" className="page-loading">{t('common.loading')}</p>;
  switch (resolution.kind) {
    case 'product':
      return <ProductPage />;
    case 'category':
      return resolution.error ? <NotFoundPage /> : <CategoryPage />;
    case 'cms_page':
      return <CmsPage />;
    default:
      return resolution.error ? <NotFoundPage message={t(resolution.error.key, resolution.error.params)} /> : <NotFoundPage />;
  }
}
