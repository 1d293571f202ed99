import { useTranslation } from 'react-i18next';
import type { ShopConfig } from '../../../core/config';
import { useConfig } from '../../hooks/use-service';

interface PaymentLogo {
  readonly label: string;
  /** the shop's payment method that takes this brand (spec transactions §9, config.payment.mapping) */
  readonly method: string;
  readonly bg: string;
  readonly fg: string;
  readonly text: string;
}

/** The payment-method logos under the footer columns (spec catalogue §2.6), drawn inline (no image requests). */
const LOGOS: readonly PaymentLogo[] = [
  { label: 'iDEAL', method: 'ideal', bg: '#fff', fg: '#cc0066', text: 'iDEAL' },
  { label: 'Bancontact', method: 'bancontact', bg: '#fff', fg: '#005498', text: 'Bancontact' },
  { label: 'Mastercard', method: 'creditcard', bg: '#fff', fg: '#eb001b', text: 'Mastercard' },
  { label: 'Visa', method: 'creditcard', bg: '#1a1f71', fg: '#fff', text: 'VISA' },
];

/** spec transactions §5, §9: the logos of the methods the payment mapping offers. */
export function offeredLogos(config: Pick<ShopConfig, 'payment'>): PaymentLogo[] {
  return LOGOS.filter((l) => Object.hasOwn(config.payment.mapping, l.method));
}

export function PaymentLogos() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <ul className="payment-logos" aria-label={t('footer.paymentMethods')}>
      {offeredLogos(config).map((l) => (
        <li key={l.label}>
          <svg role="img" aria-label={l.label} width="76" height="32" viewBox="0 0 76 32">
            <rect x="0.5" y="0.5" width="75" height="31" rx="4" fill={l.bg} stroke="#d8d2c4" />
            <text x="38" y="20.5" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize={l.text.length > 7 ? 10 : 13} fill={l.fg}>
              {l.text}
            </text>
          </svg>
        </li>
      ))}
    </ul>
  );
}
