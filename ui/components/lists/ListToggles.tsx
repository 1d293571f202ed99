import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Product } from '../../../core/catalogue/types';
import { listItemOf } from '../../../core/user/list-item';
import { useOnList, useSkuListGetter, type ListKind } from '../../hooks/use-lists';
import { announce } from '../common/LiveRegion';

/** One list's toggle (spec catalogue §1), its change announced; a hook, so a tile's two cost one component render. */
function useListToggle(kind: ListKind, product: Product, name: string, showText: boolean, t: TFunction) {
  const get = useSkuListGetter(kind);
  const [busy, setBusy] = useState(false);
  const on = useOnList(kind, product.sku);
  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // the lists are in the transaction half: a first click before it is there loads it, as add to cart does
      const service = await get();
      if (!service) return;
      if (!service.snapshot().loaded) await service.load();
      const adding = !service.has(product.sku);
      await service.toggle(listItemOf(product));
      announce(t(adding ? `lists.${kind}.added` : `lists.${kind}.removed`, { name }));
    } finally {
      setBusy(false);
    }
  };
  const label = t(`lists.${kind}.toggle`);
  return (
    <button
      type="button"
      className={`list-toggle list-toggle--${kind}${on ? ' list-toggle--on' : ''}`}
      aria-pressed={on}
      aria-label={t(`lists.${kind}.toggleLabel`, { name })}
      aria-disabled={busy || undefined}
      title={showText ? undefined : label}
      data-list={kind}
      onClick={() => void toggle()}
    >
      {showText && <span className="list-toggle__text">{label}</span>}
    </button>
  );
}

/** The wishlist and compare toggles: icons on a tile (its own grid items), icons with text on the product page. */
export function ListToggles({ product, name = product.name, variant }: { product: Product; name?: string; variant: 'tile' | 'page' }) {
  const { t } = useTranslation();
  const showText = variant === 'page';
  const wishlist = useListToggle('wishlist', product, name, showText, t);
  const compare = useListToggle('compare', product, name, showText, t);
  const both = (
    <>
      {wishlist}
      {compare}
    </>
  );
  return variant === 'tile' ? both : <div className="list-toggles list-toggles--page">{both}</div>;
}
