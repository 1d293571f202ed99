import { useTranslation } from 'react-i18next';
import { CartService } from '../../../core/cart/cart-service';
import { useCartSummary, useIsBound, useMicrocartToggle, useMounted, useUiFlags } from '../../hooks/use-transactions';

function CartButtonLive() {
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

function CartIcon() {
  return (
    <svg className="icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM6.2 5l.9 2H21l-3.6 7H8.1l-.9 2H19v2H4l2.4-4.5L3 3H1V1h3.3l1 2.1V5z" />
    </svg>
  );
}

/**
 * The header cart icon with the minicart count badge (spec transactions §2): the server and the hydrating render
 * show it without a count (the cart lives in the browser's storage); the count appears once mounted.
 */
export function MicrocartButton() {
  const { t } = useTranslation();
  const mounted = useMounted();
  const bound = useIsBound(CartService);
  if (!mounted || !bound) {
    return (
      <button type="button" className="header__cart" aria-label={t('header.cart')} disabled={!mounted}>
        <CartIcon />
        <span className="header__cart-label">{t('header.cart')}</span>
      </button>
    );
  }
  return <CartButtonLive />;
}
