import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The page-not-found page (spec catalogue §2.3), with a way back home and to the sitemap. */
export function NotFoundPage({ message }: { message?: string }) {
  const { t } = useTranslation();
  return <NowhereToGoPage title={t('notFound.title')} message={message ?? t('notFound.message')} other={{ to: '/sitemap', label: t('notFound.sitemap') }} />;
}

/** A page with nothing to show here: why, a way back home and one other way on (the not-found and error pages). */
function NowhereToGoPage({ title, message, other, className }: {
  title: string;
  message: string;
  other: { to: string; label: string };
  className?: string;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <div className={className ? `not-found ${className}` : 'not-found'}>
      <h1>{title}</h1>
      <p>{message}</p>
      <p className="not-found__links">
        <Link to="/" className="button button--primary">
          {t('notFound.home')}
        </Link>{' '}
        <Link to={other.to} className="button button--secondary">
          {other.label}
        </Link>
      </p>
    </div>
  );
}

/** The error page of the route table (spec catalogue §2.1: error, /error), answered with 500. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <NowhereToGoPage className="error-page" title={t('errorPage.title')} message={t('errorPage.message')} other={{ to: '/contacts', label: t('errorPage.contact') }} />
  );
}

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
