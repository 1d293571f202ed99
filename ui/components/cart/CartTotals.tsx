import { useTranslation } from 'react-i18next';
import type { TotalSegment } from '../../../core/cart/types';
import { ownEntry } from '../../../core/dictionary';
import { MESSAGES } from '../../../core/messages';
import { useMoney } from '../../hooks/use-transactions';

/** Segment codes with a text of their own (spec transactions §3 "Totals"); other codes show the server's title. */
const TITLES: Record<string, string> = {
  subtotal: MESSAGES.totalsSubtotal,
  subtotal_incl_tax: MESSAGES.totalsSubtotal,
  shipping: MESSAGES.totalsShipping,
  payment: MESSAGES.totalsPayment,
  grand_total: MESSAGES.totalsGrandTotal,
  discount: 'cart.totals.discount',
  tax: 'cart.totals.tax',
};

/** The totals segments as the core answers them (platform totals, or its offline totals). */
export function CartTotals({ totals, className }: { totals: readonly TotalSegment[]; className?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const hasInclSubtotal = totals.some((s) => s.code === 'subtotal_incl_tax');
  const shown = totals.filter((s) => !(s.code === 'subtotal' && hasInclSubtotal));
  return (
    <dl className={className ? `cart-totals ${className}` : 'cart-totals'}>
      {shown.map((s) => (
        <div key={s.code} className={`cart-totals__row cart-totals__row--${s.code}`}>
          <dt>{s.code === 'tax' ? t('cart.totals.taxIncluded') : t(s.title === MESSAGES.totalsDiscountLastKnown ? s.title : (ownEntry(TITLES, s.code) ?? s.title))}</dt>
          <dd>{money(s.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
