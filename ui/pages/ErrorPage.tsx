import { useTranslation } from 'react-i18next';
import { NowhereToGoPage } from './NotFoundPage';

/**
 * The error page of the spec's route table (catalogue §2.1: error, /error): where a failure sends the shopper. It
 * answers 500 (something went wrong on the shop's side), never the not-found page's 404.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <NowhereToGoPage className="error-page" title={t('errorPage.title')} message={t('errorPage.message')} other={{ to: '/contacts', label: t('errorPage.contact') }} />
  );
}
