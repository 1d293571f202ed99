import type { ShopConfig } from '../../core/config';
import type { Product } from '../../core/catalogue/types';

/** The UI's one door to price display; forwards to core's price rules once they land. */
export function displayPrice(product: Product, _config: ShopConfig): { regular: number; special?: number } {
  const regular = product.original_price_incl_tax ?? product.price_incl_tax ?? product.price ?? 0;
  const final = product.final_price_incl_tax ?? regular;
  return final < regular ? { regular, special: final } : { regular };
}

export function formatMoney(amount: number, locale: string, config: ShopConfig): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: config.i18n.currencyCode,
    minimumFractionDigits: config.i18n.fractionDigits,
    maximumFractionDigits: config.i18n.fractionDigits,
  }).format(amount);
}
