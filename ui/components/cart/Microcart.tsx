import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cartItemIdentity } from '../../../core/cart/identity';
import { useCartSummary, useMicrocartToggle, useUiFlags } from '../../hooks/use-transactions';
import { Modal } from '../common/Modal';
import { CartLine } from './CartLine';
import { CartTotals } from './CartTotals';
import { CouponForm } from './CouponForm';

/** The cart button the shopper can see (header on desktop, bottom navigation on a phone): focus returns there. */
function visibleCartButton(): HTMLElement | null {
  return [...document.querySelectorAll<HTMLElement>('.header__cart')].find((el) => el.getClientRects().length > 0) ?? null;
}

/** The microcart drawer (spec transactions §2): lines, totals, coupon, 'Proceed to checkout'; the shared Modal. */
export function Microcart() {
  const { t } = useTranslation();
  const { state, totals } = useCartSummary();
  const toggle = useMicrocartToggle();
  const open = useUiFlags().microcart;
  if (!open) return null;
  const items = state.cartItems;
  return (
    <Modal
      title={t('header.cart')}
      onClose={() => toggle(false)}
      closeLabel={t('microcart.close')}
      variant="drawer"
      initialFocus="dialog"
      returnFocus={visibleCartButton}
      className="microcart"
    >
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
    </Modal>
  );
}
