import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The page-not-found page (spec catalogue §2.3), with a way back home and to the sitemap. */
export function NotFoundPage({ message }: { message?: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{message ?? t('notFound.message')}</p>
      <p className="not-found__links">
        <Link to="/" className="button button--primary">
          {t('notFound.home')}
        </Link>{' '}
        <Link to="/sitemap" className="button button--secondary">
          {t('notFound.sitemap')}
        </Link>
      </p>
    </div>
  );
}
