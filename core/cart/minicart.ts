import type { ShopConfig } from '../config';
import type { CartItem } from './types';

/** The header cart badge (spec transactions §2, §9): lines with count type 'items', else the summed quantities. */
export function minicartCount(items: readonly Pick<CartItem, 'qty'>[], config: Pick<ShopConfig, 'cart'>): number {
  if (config.cart.minicartCountType === 'items') return items.length;
  return items.reduce((sum, i) => sum + i.qty, 0);
}
