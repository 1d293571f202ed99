import { useCartSummary, useMicrocartToggle, useUiFlags } from '../../hooks/use-transactions';
import { CartButton } from './MicrocartButton';

/** The header cart button once the cart is here (transaction half): the count badge and the microcart toggle. */
export function CartButtonLive() {
  const toggle = useMicrocartToggle();
  return <CartButton count={useCartSummary().count} open={useUiFlags().microcart} onClick={() => toggle()} />;
}
