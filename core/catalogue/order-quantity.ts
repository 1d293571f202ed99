/** The quantity field of a product page (spec catalogue §5, transactions §5): what a shopper may ask for. */
import { stockLimitOf } from '../cart/quantity';
import { validateQuantity, type FieldResult } from '../checkout/field-rules';
import type { Product } from './types';

/**
 * The quantity field's error, or null. At most the stock's limit, as the cart's quantity changes read it (spec
 * catalogue §5, transactions §5 "below available quantity"); no bound when the stock is not managed, not known or out
 * of stock, as an out-of-stock product is refused by the cart with its own notice (transactions §4 "Adding"). A
 * grouped product has no field to check: its children are added (spec catalogue §4.4).
 */
export function orderQuantityCheck(product: Pick<Product, 'type_id' | 'stock'>, qty: string): FieldResult {
  return product.type_id === 'grouped' ? null : validateQuantity(qty, stockLimitOf(product.stock) || undefined);
}
