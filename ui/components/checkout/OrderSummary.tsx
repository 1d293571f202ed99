import { useTranslation } from 'react-i18next';
import { cartItemIdentity } from '../../../core/cart/identity';
import { useCartSummary } from '../../hooks/use-transactions';
import { CartLine } from '../cart/CartLine';
import { CartTotals } from '../cart/CartTotals';

/** The order summary beside the steps: the lines (read-only) and the totals segments from the core. */
export function OrderSummary() {
  const { t } = useTranslation();
  const { state, totals } = useCartSummary();
  return (
    <aside className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">{t('checkout.orderSummary')}</h2>
      <ul className="cart-lines cart-lines--compact">
        {state.cartItems.map((item) => (
          <CartLine key={cartItemIdentity(item)} item={item} editable={false} />
        ))}
      </ul>
      <CartTotals totals={totals} />
    </aside>
  );
}
