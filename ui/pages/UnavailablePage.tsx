import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/**
 * the backend did not answer while this page loaded (timeout, unreachable, 5xx). The server answers 503
 * (with Retry-After) and this page: not "not found", since the page may well exist. "Try again" is a full load.
 */
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
