import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Breadcrumb } from '../../../core/catalogue/types';

/** Breadcrumbs (spec catalogue §3.6): home, then the trail; the current page is not a link. */
export function Breadcrumbs({ items, current }: { items: readonly Breadcrumb[]; current?: string }) {
  const { t } = useTranslation();
  const trail = current !== undefined && items[items.length - 1]?.name !== current ? [...items, { name: current }] : items;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        <li>
          <Link to="/">{t('breadcrumbs.home')}</Link>
        </li>
        {trail.map((b, i) => (
          <li key={`${b.name}-${i}`}>
            {b.link && i < trail.length - 1 ? <Link to={b.link}>{b.name}</Link> : <span aria-current="page">{b.name}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
