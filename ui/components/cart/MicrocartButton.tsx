import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useMounted } from '../../hooks/use-shell';
import { ContainerContext } from '../../hooks/use-service';
import { ensureTransactions, useTransactionUi } from '../../app/transactions';

type CartButtonProps = { count?: number; open?: boolean; disabled?: boolean; onClick: () => void };
/** The header cart button: its badge and microcart toggle (`count`, `open`) once the transaction half has the cart. */
export function CartButton({ count, open, disabled, onClick }: CartButtonProps) {
  const { t } = useTranslation();
  const live = count !== undefined;
  return (
    // the name starts with the visible label ("Winkelwagen, 2 artikelen"): speech users say what they see
    <button
      type="button"
      className="header__cart"
      aria-haspopup={live ? 'dialog' : undefined}
      aria-expanded={open}
      aria-label={live ? t('a11y.cartButton', { count }) : t('header.cart')}
      disabled={disabled}
      onClick={onClick}
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

/** The header cart button (spec transactions §2) until the transaction half brings CartButtonLive. */
export function MicrocartButton() {
  const mounted = useMounted();
  const tx = useTransactionUi();
  const container = useContext(ContainerContext);
  if (mounted && tx) return <tx.CartButtonLive />;
  const open = () => void ensureTransactions().then((ui) => container && ui?.openMicrocart(container));
  return <CartButton disabled={!mounted} onClick={open} />;
}
