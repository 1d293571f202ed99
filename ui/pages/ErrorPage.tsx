import { useTranslation } from 'react-i18next';
import { NowhereToGoPage } from './NotFoundPage';

/** The error page of the route table (spec catalogue §2.1: error, /error), answered with 500. */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <NowhereToGoPage className="error-page" title={t('errorPage.title')} message={t('errorPage.message')} other={{ to: '/contacts', label: t('errorPage.contact') }} />
  );
}
