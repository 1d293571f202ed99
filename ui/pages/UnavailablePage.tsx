import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The backend did not answer while this page loaded: 503, not "not found" (it may exist); "try again" reloads. */
export function UnavailablePage() {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(t('unavailable.title'));
  return (
    <div className="not-found unavailable" data-unavailable="">
      <h1>{t('unavailable.title')}</h1>
      <p role="alert">{t('unavailable.message')}</p>
      <p className="not-found__links">
        <a href={location.pathname + location.search} className="button button--primary">
          {t('unavailable.retry')}
        </a>{' '}
        <Link to="/" className="button button--secondary">
          {t('unavailable.home')}
        </Link>
      </p>
    </div>
  );
}
