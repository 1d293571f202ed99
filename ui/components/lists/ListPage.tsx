import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** A shopper's list page: its h1, "loading" until the list is read, the empty state, else the list. */
export function ListPage({ kind, ready, count, children }: { kind: 'wishlist' | 'compare'; ready: boolean; count: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={`list-page list-page--${kind}`}>
      <h1 tabIndex={-1}>{t(`lists.${kind}.title`)}</h1>
      {!ready ? (
        <p role="status">{t('lists.loading')}</p>
      ) : count === 0 ? (
        <div className="list-page__empty">
          <p>{t(`lists.${kind}.empty`)}</p>
          <p>{t(`lists.${kind}.emptyHint`)}</p>
          <Link to="/" className="button button--primary">
            {t('lists.continueShopping')}
          </Link>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
