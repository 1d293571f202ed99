import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AttributeService, itemOptionLabels } from '../../../core/catalogue/attributes';
import { imageUrl } from '../../../core/catalogue/image-url';
import type { ProductOption } from '../../../core/catalogue/types';
import type { ListItem } from '../../../core/user/list-items';
import { productLink } from '../../../core/routing/links';
import { useConfig, useService, useAttributes } from '../../hooks/use-service';

/** The chosen options of a configured variant (a list item, a cart line) in the store view's words ("Kleur: Goud"). */
export function ItemOptions({ item, className }: { item: { product_option?: ProductOption }; className: string }) {
  const attributes = useAttributes();
  const service = useService(AttributeService);
  const options = item.product_option?.extension_attributes?.configurable_item_options ?? [];
  const ids = options.map((o) => String(o.option_id)).join(',');
  useEffect(() => {
    if (ids) void service.loadByIds(ids.split(','));
  }, [ids, service]);
  if (!options.length) return null;
  return (
    <p className={className}>
      {options
        .map((o) => itemOptionLabels(attributes, o))
        .map((o) => `${o.label}: ${o.value}`)
        .join(', ')}
    </p>
  );
}

/** A list item's picture and name, linking to its product page (a configured variant opens with its childSku). */
export function ListItemLink({ item }: { item: ListItem }) {
  const config = useConfig();
  const { t } = useTranslation();
  const src = imageUrl(item.thumbnail ?? item.image, config.images.cart, config);
  return (
    <Link to={productLink(item, config)}>
      {src ? (
        // alt="": the link's text names the product
        <img src={src} alt="" width={config.images.cart.width / 2} height={config.images.cart.height / 2} loading="lazy" />
      ) : (
        <span className="list-item__noimage" aria-hidden="true" title={t('lists.wishlist.title')} />
      )}
      <span className="list-item__name">{item.name}</span>
    </Link>
  );
}

/** Before an item leaves: the focus goes to a neighbour's control of the same kind, else the page's h1. */
export function keepFocusAfterRemoval(item: Element | null, selector: string, all: string): void {
  if (typeof document === 'undefined') return;
  const items = item ? Array.from(document.querySelectorAll(all)) : [];
  const index = item ? items.indexOf(item) : -1;
  const neighbour = index >= 0 ? (items[index + 1] ?? items[index - 1]) : undefined;
  const target = neighbour?.querySelector<HTMLElement>(selector) ?? document.querySelector<HTMLElement>('#main h1');
  setTimeout(() => target?.focus(), 0);
}

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
