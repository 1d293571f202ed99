import { useTranslation } from 'react-i18next';
import { useCartSummary, useMicrocartToggle, useUiFlags } from '../../hooks/use-transactions';
import { CartIcon } from './MicrocartButton';

/** The header cart button once the cart is here (transaction half): the count badge and the microcart toggle. */
export function CartButtonLive() {
  const { t } = useTranslation();
  const { count } = useCartSummary();
  const open = useUiFlags().microcart;
  const toggle = useMicrocartToggle();
  return (
    // the name starts with the visible label ("Winkelwagen, 2 artikelen"): speech users say what they see
    <button type="button" className="header__cart" aria-haspopup="dialog" aria-expanded={open} aria-label={t('a11y.cartButton', { count })} onClick={() => toggle()}>
      <CartIcon />
      <span className="header__cart-label">{t('header.cart')}</span>
      {count > 0 ? (
        <span className="badge" data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}
