import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';

/**
 * The error page of the spec's route table (catalogue §2.1: error, /error): where a failure sends the shopper. It
 * answers 500 (something went wrong on the shop's side), never the not-found page's 404.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('errorPage.title'));
  return (
    <div className="not-found error-page">
      <h1>{t('errorPage.title')}</h1>
      <p>{t('errorPage.message')}</p>
      <p className="not-found__links">
        <Link to="/" className="button button--primary">
          {t('notFound.home')}
        </Link>{' '}
        <Link to="/contacts" className="button button--secondary">
          {t('errorPage.contact')}
        </Link>
      </p>
    </div>
  );
}
