import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../core/cart/cart-service';
import { productLink } from '../../core/routing/links';
import { wishlistAction, type ListItem } from '../../core/user/list-items';
import { Price } from '../components/common/Price';
import { announce } from '../components/common/LiveRegion';
import { keepFocusAfterRemoval, ItemOptions, ListItemLink, ListPage } from '../components/lists/ListProduct';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useSkuList } from '../hooks/use-lists';
import { useConfig, useService } from '../hooks/use-service';
import { useMounted } from '../hooks/use-transactions';

function WishlistRow({ item }: { item: ListItem }) {
  const { t } = useTranslation();
  const config = useConfig();
  const cart = useService(CartService);
  const { service } = useSkuList('wishlist');
  const [busy, setBusy] = useState(false);
  const row = useRef<HTMLLIElement>(null);
  const action = wishlistAction(item);
  const removeRow = async (focusFrom: string, said: string) => {
    keepFocusAfterRemoval(row.current, focusFrom, '.list-items > .list-item');
    await service?.remove(item.sku);
    announce(t(said, { name: item.name }));
  };
  // spec transactions §4 adding: the item leaves the wishlist only when the cart took it
  const moveToCart = async () => {
    if (busy || !service) return;
    setBusy(true);
    try {
      const notices = await cart.addItem(item, 1);
      if (notices.some((n) => n.type === 'error')) return;
      await removeRow('.list-item__actions .button', 'lists.wishlist.moved');
    } finally {
      setBusy(false);
    }
  };
  const remove = () => service && removeRow('.list-item__remove', 'lists.wishlist.removed');
  return (
    <li className="list-item" data-sku={item.sku} ref={row}>
      <div className="list-item__product">
        <ListItemLink item={item} />
        <ItemOptions item={item} className="list-item__options" />
      </div>
      <Price product={item} />
      <div className="list-item__actions">
        {action === 'cart' ? (
          <button
            type="button"
            className="button button--primary"
            aria-label={t('lists.wishlist.moveToCartLabel', { name: item.name })}
            aria-disabled={busy || undefined}
            onClick={() => void moveToCart()}
          >
            {t('lists.wishlist.moveToCart')}
          </button>
        ) : (
          // a configurable parent, grouped or bundle product needs the shopper's choices: its product page
          <Link to={productLink(item, config)} className="button button--secondary" aria-label={t('lists.wishlist.chooseOptionsLabel', { name: item.name })}>
            {t('lists.wishlist.chooseOptions')}
          </Link>
        )}
        <button type="button" className="button button--link list-item__remove" aria-label={t('lists.removeLabel', { name: item.name })} onClick={() => void remove()}>
          {t('lists.remove')}
        </button>
      </div>
    </li>
  );
}

/** The wishlist (spec catalogue §1; transactions §3): "move to cart" or choose options, remove; not on the server. */
export function WishlistPage() {
  const { t } = useTranslation();
  const mounted = useMounted();
  const { state } = useSkuList('wishlist');
  useDocumentTitle(t('lists.wishlist.title'));
  const items = state.items;
  return (
    <ListPage kind="wishlist" ready={mounted && state.loaded} count={items.length}>
      <p className="list-page__count">{t('lists.wishlist.count', { count: items.length })}</p>
      <ul className="list-items">
        {items.map((item) => (
          <WishlistRow key={item.sku} item={item} />
        ))}
      </ul>
    </ListPage>
  );
}
