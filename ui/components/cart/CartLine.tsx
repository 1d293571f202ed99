import { useEffect, useId, useState, useRef, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { cartItemIdentity } from '../../../core/cart/identity';
import type { CartItem } from '../../../core/cart/types';
import { imageCandidates } from '../../../core/catalogue/image-url';
import { FieldError } from '../common/Field';
import { ItemOptions } from '../lists/ListProduct';
import { validateQuantity } from '../../../core/checkout/field-rules';
import { useConfig, useService } from '../../hooks/use-service';
import { useCart, useErrorText, useMoney } from '../../hooks/use-transactions';
import { lineRowTotal } from '../../../core/cart/totals';

/** An image with fallbacks, `sources` best first: when one fails to load (offline, never cached), the next is tried. */
function FallbackImage({ sources, ...rest }: { sources: readonly string[] } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'>) {
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const key = sources.join('|');
  useEffect(() => setIndex(0), [key]);
  const next = () => setIndex((i) => (i + 1 < sources.length ? i + 1 : i));
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src')) next();
  }, [index, key]);
  return <img ref={ref} src={sources[index]} onError={next} {...rest} />;
}

function isLabelValue(x: unknown): x is { label: string; value: string } {
  return typeof x === 'object' && x !== null && typeof (x as { label?: unknown }).label === 'string' && typeof (x as { value?: unknown }).value === 'string';
}

/** One cart line: thumbnail (cart size 210x300), name, options, qty change, remove (confirmed when configured). */
export function CartLine({ item, editable = true }: { item: CartItem; editable?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const config = useConfig();
  const cart = useService(CartService);
  const money = useMoney();
  const errorText = useErrorText();
  const identity = cartItemIdentity(item);
  const [qty, setQty] = useState(String(item.qty));
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setQty(String(item.qty)), [item.qty]);

  // offline: the cart size first, then the sizes visited pages cached
  const sources = imageCandidates([item.thumbnail, item.image], config.cart.thumbnail, config);
  // the platform's row total while its totals fit the lines, else price x qty (core/cart/totals.ts, offline)
  const cartState = useCart();
  const rowTotal = lineRowTotal(item, cartState.platformTotals, cartState.cartItems);
  // a bundle line's choices, kept with the line when it was added (option title: "1 × name")
  const bundleChoices = item.type_id === 'bundle' && Array.isArray(item.options) ? (item.options as unknown[]).filter(isLabelValue) : [];

  function commit() {
    const e = validateQuantity(qty);
    setError(e ? t(e.key, (e.params ?? {}) as Record<string, unknown>) : undefined);
    if (e || Number(qty) === item.qty) return;
    // spec transactions §5, §8: more than the stock is refused; the field shows the last valid quantity again
    cart.updateQuantity(identity, Number(qty)).catch((err: unknown) => {
      setError(errorText(err));
      setQty(String(item.qty));
    });
  }

  function remove() {
    const ask = config.cart.confirmBeforeRemove && !confirming;
    setConfirming(ask);
    if (!ask) void cart.removeItem(identity);
  }

  return (
    <li className="cart-line" data-sku={item.sku}>
      {sources.length ? (
        <FallbackImage className="cart-line__image" sources={sources} width={config.cart.thumbnail.width} height={config.cart.thumbnail.height} alt="" loading="lazy" />
      ) : (
        <span className="cart-line__image cart-line__image--none" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <p className="cart-line__name">{item.name ?? item.sku}</p>
        <ItemOptions item={item} className="cart-line__options" />
        {bundleChoices.length > 0 ? (
          <ul className="cart-line__options cart-line__bundle" aria-label={t('cart.bundleChoices')}>
            {bundleChoices.map((c) => (
              <li key={c.label}>
                {c.label}: {c.value}
              </li>
            ))}
          </ul>
        ) : null}
        {Object.values(item.info ?? {}).map((k) => (
          <p key={k} className="cart-line__info">
            {t(k)}
          </p>
        ))}
        {Object.values(item.errors ?? {}).map((k) => (
          <p key={k} className="cart-line__error" role="alert">
            {t(k)}
          </p>
        ))}
        {editable ? (
          <div className="cart-line__qty">
            <label htmlFor={`${id}-qty`}>{t('cart.qty')}</label>
            <input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={1}
              value={qty}
              onChange={(e) => setQty(e.target.value)}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                }
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-qty-error`}
            />
            <FieldError id={`${id}-qty-error`} text={error} />
          </div>
        ) : (
          <p className="cart-line__qty-text">{t('cart.qtyValue', { qty: item.qty })}</p>
        )}
      </div>
      <div className="cart-line__side">
        <span className="cart-line__price">{money(rowTotal)}</span>
        {editable ? (
          confirming ? (
            <span className="cart-line__confirm" role="group" aria-label={t('cart.removeConfirm', { name: item.name ?? item.sku })}>
              <span>{t('cart.removeConfirm', { name: item.name ?? item.sku })}</span>
              <button type="button" className="button button--small" onClick={remove} autoFocus>
                {t('cart.removeYes')}
              </button>
              <button type="button" className="button button--small button--secondary" onClick={() => setConfirming(false)}>
                {t('cart.removeNo')}
              </button>
            </span>
          ) : (
            <button type="button" className="link-button" onClick={remove} aria-label={t('cart.removeItem', { name: item.name ?? item.sku })}>
              {t('cart.remove')}
            </button>
          )
        ) : null}
      </div>
    </li>
  );
}
