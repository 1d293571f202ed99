import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, createConfig } from '../../../core/config';
import { offeredLogos } from './PaymentLogos';

// spec transactions §5 (only methods in the configured mapping are offered), §9 (the payment mapping)
describe('footer payment logos', () => {
  it('show only brands a mapped payment method takes: iDEAL, Mastercard and Visa; no Bancontact without a Bancontact method', () => {
    expect(offeredLogos(DEFAULT_CONFIG).map((l) => l.label)).toEqual(['iDEAL', 'Mastercard', 'Visa']);
  });

  it('show Bancontact once the provider mapping offers it', () => {
    const config = createConfig({ payment: { mapping: { ...DEFAULT_CONFIG.payment.mapping, bancontact: 'bancontact' } } });
    expect(offeredLogos(config).map((l) => l.label)).toContain('Bancontact');
  });
});
