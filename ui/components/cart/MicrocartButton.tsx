import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useMounted } from '../../hooks/use-shell';
import { ContainerContext } from '../../hooks/use-service';
import { ensureTransactions, useTransactionUi } from '../../app/transactions';

/** The header's cart button: with the cart's count and state once the transaction half is there (CartButtonLive). */
export function CartButton(props: { count?: number; open?: boolean; onClick: () => void; disabled?: boolean }) {
  const { count, open } = props;
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="header__cart"
      // the name starts with the visible label ("Winkelwagen, 2 artikelen"): speech users say what they see
      aria-label={count === undefined ? t('header.cart') : t('a11y.cartButton', { count })}
      {...(open === undefined ? {} : { 'aria-haspopup': 'dialog' as const, 'aria-expanded': open })}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <svg className="icon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM6.2 5l.9 2H21l-3.6 7H8.1l-.9 2H19v2H4l2.4-4.5L3 3H1V1h3.3l1 2.1V5z" />
      </svg>
      <span className="header__cart-label">{t('header.cart')}</span>
      {count ? (
        <span className="badge" data-testid="cart-count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}

/**
 * The header cart button (spec transactions §2): without a count until the transaction half brings the live one
 * (CartButtonLive); a click before that loads the half and opens the microcart.
 */
export function MicrocartButton() {
  const mounted = useMounted();
  const tx = useTransactionUi();
  const container = useContext(ContainerContext);
  if (!mounted || !tx) {
    const open = () => void ensureTransactions().then((ui) => ui && container && ui.openMicrocart(container));
    return <CartButton disabled={!mounted} onClick={open} />;
  }
  return <tx.CartButtonLive />;
}
