import { useTranslation } from 'react-i18next';

/** The four payment-method logos under the footer columns (spec catalogue §2.6), drawn inline (no image requests). */
const LOGOS: readonly { id: string; label: string; bg: string; fg: string; text: string }[] = [
  { id: 'ideal', label: 'iDEAL', bg: '#fff', fg: '#cc0066', text: 'iDEAL' },
  { id: 'bancontact', label: 'Bancontact', bg: '#fff', fg: '#005498', text: 'Bancontact' },
  { id: 'mastercard', label: 'Mastercard', bg: '#fff', fg: '#eb001b', text: 'Mastercard' },
  { id: 'visa', label: 'Visa', bg: '#1a1f71', fg: '#fff', text: 'VISA' },
];

export function PaymentLogos() {
  const { t } = useTranslation();
  return (
    <ul className="payment-logos" aria-label={t('footer.paymentMethods')}>
      {LOGOS.map((l) => (
        <li key={l.id}>
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
