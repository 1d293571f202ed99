import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cartItemIdentity } from '../../../core/cart/identity';
import { useCartSummary, useMicrocartToggle, useUiFlags } from '../../hooks/use-transactions';
import { CartLine } from './CartLine';
import { CartTotals } from './CartTotals';
import { CouponForm } from './CouponForm';

/** The microcart drawer (spec transactions §2): lines, totals segments, coupon, 'Proceed to checkout'. */
export function Microcart() {
  const { t } = useTranslation();
  const { state, totals } = useCartSummary();
  const toggle = useMicrocartToggle();
  const ref = useRef<HTMLElement>(null);
  const open = useUiFlags().microcart;
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  if (!open) return null;
  const items = state.cartItems;
  return (
    <>
      <div className="drawer-backdrop" aria-hidden="true" onClick={() => toggle(false)} />
      <aside
        className="microcart"
        aria-labelledby="microcart-heading"
        ref={ref}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') toggle(false);
        }}
      >
        <header className="microcart__header">
          <h2 id="microcart-heading">{t('header.cart')}</h2>
          <button type="button" className="modal__close" onClick={() => toggle(false)} aria-label={t('microcart.close')}>
            ×
          </button>
        </header>
        {!state.loaded ? (
          <p role="status">{t('common.loading')}</p>
        ) : items.length === 0 ? (
          <p className="microcart__empty">{t('microcart.empty')}</p>
        ) : (
          <>
            <ul className="cart-lines">
              {items.map((item) => (
                <CartLine key={cartItemIdentity(item)} item={item} />
              ))}
            </ul>
            <CartTotals totals={totals} />
            <CouponForm />
            <Link to="/checkout" className="button button--primary microcart__checkout" onClick={() => toggle(false)}>
              {t('cart.proceedToCheckout')}
            </Link>
          </>
        )}
      </aside>
    </>
  );
}
