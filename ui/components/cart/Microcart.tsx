import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { cartItemIdentity } from '../../../core/cart/identity';
import { useCartSummary, useMicrocartToggle, useUiFlags, useCart, useOnline } from '../../hooks/use-transactions';
import { Modal } from '../common/Modal';
import { CartLine } from './CartLine';
import { CartTotals } from './CartTotals';
import { useId, useState } from 'react';
import { CartService } from '../../../core/cart/cart-service';
import { validateRequired } from '../../../core/checkout/form-validation';
import { useService } from '../../hooks/use-service';
import { useServerAction } from '../../hooks/use-server-action';
import { FieldError } from '../common/Field';

/** spec transactions §4 "Coupon": apply (the previous one is removed first), remove; errors inline. */
function CouponForm() {
  const { t } = useTranslation();
  const id = useId();
  const cart = useService(CartService);
  const state = useCart();
  const online = useOnline();
  const action = useServerAction();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const error = invalid ?? action.error;
  const run = async (command: () => Promise<unknown>) => {
    setInvalid(undefined);
    if (await action.run(command)) setCode('');
  };

  if (state.coupon) {
    return (
      <div className="coupon">
        <p>
          {t('coupon.applied', { code: state.coupon.code })}{' '}
          <button type="button" className="link-button" disabled={action.busy} onClick={() => void run(() => cart.removeCoupon())}>
            {t('coupon.remove')}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form
      className="coupon"
      onSubmit={(e) => {
        e.preventDefault();
        const required = validateRequired(code);
        if (required) return setInvalid(t(required.key));
        void run(() => cart.applyCoupon(code.trim()));
      }}
    >
      <label htmlFor={`${id}-coupon`}>{t('coupon.label')}</label>
      <div className="coupon__row">
        <input
          id={`${id}-coupon`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-coupon-error`}
          autoComplete="off"
        />
        <button type="submit" className="button button--secondary" disabled={action.busy || !online}>
          {t('coupon.apply')}
        </button>
      </div>
      <FieldError id={`${id}-coupon-error`} text={error} />
    </form>
  );
}

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
