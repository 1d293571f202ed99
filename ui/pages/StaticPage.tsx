import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../i18n/info-page-texts';
import { ROUTES } from '../../core/routing/routes';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Breadcrumbs } from '../components/navigation/Breadcrumbs';
import { CmsHtml } from '../components/content/CmsHtml';
import { usePageHead } from '../head/use-page-head';
import { staticPageHead } from '../../core/seo/page-head';
import { useCms } from '../hooks/use-service';

const STATIC_PAGES = ROUTES.filter((r) => r.staticPage);

/** A static page (spec catalogue §2.1): a menu of them all, the CMS page of its name or else the shop's own text. */
export function StaticPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const cms = useCms();
  const page = cms.pages[name];
  const title = page?.title ?? t(`static.${name}.title`);
  useDocumentTitle(title);
  const path = STATIC_PAGES.find((r) => r.name === name)?.path ?? `/${name}`;
  usePageHead((ctx) => staticPageHead(path, page, ctx));
  return (
    <div className="static-page" data-page={name}>
      <Breadcrumbs items={[]} current={title} />
      <div className="static-page__layout">
        <nav className="static-page__menu" aria-label={t('static.menu')}>
          <ul>
            {STATIC_PAGES.map((r) => (
              <li key={r.name}>
                <Link to={r.path} aria-current={r.name === name ? 'page' : undefined}>
                  {cms.pages[r.name]?.title ?? t(`static.${r.name}.title`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="static-page__content">
          <h1>{title}</h1>
          {page?.content ? <CmsHtml html={page.content} /> : <p>{t(`static.${name}.body`)}</p>}
        </article>
      </div>
    </div>
  );
}
