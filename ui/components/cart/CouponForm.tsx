import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { validateRequired } from '../../../core/checkout/form-validation';
import { useService } from '../../hooks/use-service';
import { useCart, useErrorText, useOnline } from '../../hooks/use-transactions';

/** spec transactions §4 "Coupon": apply (the previous one is removed first), remove; errors inline. */
export function CouponForm() {
  const { t } = useTranslation();
  const id = useId();
  const cart = useService(CartService);
  const state = useCart();
  const online = useOnline();
  const errorText = useErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (state.coupon) {
    return (
      <div className="coupon">
        <p>
          {t('coupon.applied', { code: state.coupon.code })}{' '}
          <button type="button" className="link-button" disabled={busy} onClick={() => void run(() => cart.removeCoupon())}>
            {t('coupon.remove')}
          </button>
        </p>
      </div>
    );
  }

  async function run(fn: () => Promise<unknown>) {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
      setCode('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="coupon"
      onSubmit={(e) => {
        e.preventDefault();
        const required = validateRequired(code);
        if (required) return setError(t(required.key));
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
        <button type="submit" className="button button--secondary" disabled={busy || !online}>
          {t('coupon.apply')}
        </button>
      </div>
      <p id={`${id}-coupon-error`} className="field__error" aria-live="polite">
        {error}
      </p>
    </form>
  );
}
