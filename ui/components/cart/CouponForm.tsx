import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { validateRequired } from '../../../core/checkout/form-validation';
import { useService } from '../../hooks/use-service';
import { useCart, useOnline } from '../../hooks/use-transactions';
import { useServerAction } from '../../hooks/use-server-action';
import { FieldError } from '../common/Field';

/** spec transactions §4 "Coupon": apply (the previous one is removed first), remove; errors inline. */
export function CouponForm() {
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
