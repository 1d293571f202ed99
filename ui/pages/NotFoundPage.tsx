import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The page-not-found page (spec catalogue §2.3), with a way back home and to the sitemap. */
export function NotFoundPage({ message }: { message?: string }) {
  const { t } = useTranslation();
  return <NowhereToGoPage title={t('notFound.title')} message={message ?? t('notFound.message')} other={{ to: '/sitemap', label: t('notFound.sitemap') }} />;
}

/** A page with nothing to show here: why, a way back home and one other way on (the not-found and error pages). */
export function NowhereToGoPage({ title, message, other, className }: { title: string; message: string; other: { to: string; label: string }; className?: string }) {
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
