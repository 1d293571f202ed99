/** The tax country (spec transactions §5: totals need a default tax country; §9: fallback PL). */
import type { ShopConfig } from '../config';
import { MESSAGES } from '../messages';
import type { Logger } from '../ports/logger';

/** The country a tax rule applies: the given one, else config.tax.defaultCountry, else config.tax.ruleFallbackCountry (PL). */
export function taxCountry(config: Pick<ShopConfig, 'tax'>, given?: string | null): string {
  const g = typeof given === 'string' ? given.trim() : '';
  if (g) return g.toUpperCase();
  const d = config.tax.defaultCountry?.trim();
  return d ? d.toUpperCase() : config.tax.ruleFallbackCountry;
}

/** The country totals are calculated for, or undefined (logged with MESSAGES.taxCountryMissing) when none is configured. */
export function totalsTaxCountry(config: Pick<ShopConfig, 'tax'>, logger?: Logger): string | undefined {
  const d = config.tax.defaultCountry?.trim();
  if (d) return d.toUpperCase();
  logger?.error(MESSAGES.taxCountryMissing, 'cart');
  return undefined;
}
