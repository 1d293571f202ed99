/** The tax country (spec transactions §5: totals need a default tax country; §9: fallback PL). */
import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import type { Logger } from '../ports/logger';

const defaultCountry = (config: Pick<ShopConfig, 'tax'>): string | undefined =>
  config.tax.defaultCountry?.trim().toUpperCase() || undefined;

/** The country a tax rule applies: config.tax.defaultCountry, else config.tax.ruleFallbackCountry (PL). */
export function taxCountry(config: Pick<ShopConfig, 'tax'>): string {
  return defaultCountry(config) ?? config.tax.ruleFallbackCountry;
}

/** The country totals are calculated for, or undefined (logged with MESSAGES.taxCountryMissing) when none is configured. */
export function totalsTaxCountry(config: Pick<ShopConfig, 'tax'>, logger: Logger): string | undefined {
  const country = defaultCountry(config);
  if (!country) logger.error(MESSAGES.taxCountryMissing, 'cart');
  return country;
}
