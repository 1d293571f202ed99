import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Breadcrumbs } from '../components/navigation/Breadcrumbs';
import { CmsHtml } from '../components/content/CmsHtml';
import { NotFoundPage } from './NotFoundPage';
import { usePageHead } from '../head/use-page-head';
import { cmsHead } from '../../core/seo/page-head';
import { useCms, usePageResolution } from '../hooks/use-service';

/** A CMS page (spec catalogue §2.1 /i/{slug}, §3.5): its title and content; 'CMS query returned empty result' gives the not-found page. */
export function CmsPage() {
  const { t } = useTranslation();
  const cms = useCms();
  const resolution = usePageResolution();
  const location = useLocation();
  const page = cms.current;
  const failed = !!resolution.error && resolution.path === location.pathname;
  useDocumentTitle(failed ? t('notFound.title') : (page?.title ?? t('cms.loading')));
  usePageHead(page && !failed ? (ctx) => cmsHead(page, ctx) : undefined);
  if (failed) return <NotFoundPage />;
  if (!page) return <p role="status">{t('cms.loading')}</p>;
  return (
    <article className="cms-page" data-identifier={page.identifier}>
      <Breadcrumbs items={[]} current={page.title ?? page.identifier} />
      {page.title && <h1>{page.title}</h1>}
      <CmsHtml html={page.content} className="cms-page__content" />
    </article>
  );
}
