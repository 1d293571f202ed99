import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import '../i18n/info-page-texts';
import { sitemapEntries } from '../../core/routing/sitemap';
import { useConfig, useCategory } from '../hooks/use-service';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Breadcrumbs } from '../components/navigation/Breadcrumbs';

/** spec catalogue §2.1: /sitemap lists the pages, the categories and the CMS pages (also served as /sitemap.xml). */
export function SitemapPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const { tree } = useCategory();
  const entries = sitemapEntries(tree, config);
  useDocumentTitle(t('sitemap.title'));
  const label = (kind: string, name: string) => (kind === 'category' ? name : kind === 'cms-page' ? t(`sitemap.cms.${name}`, { defaultValue: name }) : t(`sitemap.route.${kind}`));
  const section = (heading: string, list: typeof entries) => (
    <section className="sitemap__section">
      <h2>{heading}</h2>
      <ul>
        {list.map((e) => (
          <li key={e.path} className={`sitemap__depth-${e.depth}`}>
            <Link to={e.path}>{label(e.kind, e.name)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
  return (
    <div className="sitemap">
      <Breadcrumbs items={[]} current={t('sitemap.title')} />
      <h1>{t('sitemap.title')}</h1>
      <div className="sitemap__columns">
        {section(t('sitemap.categories'), entries.filter((e) => e.kind === 'category'))}
        {section(t('sitemap.pages'), entries.filter((e) => e.kind !== 'category' && e.kind !== 'cms-page'))}
        {section(t('sitemap.information'), entries.filter((e) => e.kind === 'cms-page'))}
      </div>
    </div>
  );
}
