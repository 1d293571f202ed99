/**
 * The old answers of two rules, kept verbatim as answer keys for the tests that hold the fast versions to them
 * (core/cart/merge-reference.test.ts, core/catalogue/variants-reference.test.ts). Do not "improve" them: a simpler,
 * slower model is the point.
 */
import type { ShopConfig } from '../../core/config';
import { cartItemIdentity, hasOptions } from '../../core/cart/identity';
import type { CartItem, ServerCartItem } from '../../core/cart/types';
import { childPrice, isChildAvailable, matchLevel, type VariantChoiceOptions, type VariantSelection } from '../../core/catalogue/variants';
import type { ConfigurableChild, Product } from '../../core/catalogue/types';

/**
 * The cart merge's pairing as a findIndex over every server line per client line (client index -> server index).
 * `withNewRules`: also the server checksum pass and the untyped server line rule (spec transactions §3, §4).
 */
export function referencePair(
  clientItems: readonly CartItem[],
  serverItems: readonly ServerCartItem[],
  cartId: string | undefined,
  withNewRules = false,
): Map<number, number> {
  const pairs = new Map<number, number>(); // client index -> server index
  const usedServer = new Set<number>();
  const tryPass = (match: (c: CartItem, s: ServerCartItem) => boolean) => {
    clientItems.forEach((c, ci) => {
      if (pairs.has(ci)) return;
      const si = serverItems.findIndex((s, i) => !usedServer.has(i) && match(c, s));
      if (si >= 0) {
        pairs.set(ci, si);
        usedServer.add(si);
      }
    });
  };
  tryPass(
    (c, s) =>
      c.server_item_id !== undefined &&
      String(c.server_item_id) === String(s.item_id) &&
      (cartId === undefined || c.server_cart_id === cartId) &&
      c.sku === s.sku,
  );
  // only withNewRules: the server's checksum, spec transactions §3
  if (withNewRules) tryPass((c, s) => !!c.checksum && !!s.checksum && c.checksum === s.checksum && c.sku === s.sku);
  tryPass((c, s) => cartItemIdentity(c) === cartItemIdentity(s));
  // a configurable line whose server copy came back without its options (#4641)
  tryPass(
    (c, s) =>
      c.sku === s.sku &&
      (s.product_type === 'configurable' || (withNewRules && s.product_type === undefined)) &&
      !hasOptions(s) &&
      (c.product_option?.extension_attributes.configurable_item_options?.length ?? 0) > 0,
  );
  return pairs;
}

function selectedIdsCount(selection: VariantSelection): number {
  let n = 0;
  for (const raw of Object.values(selection.options ?? {})) {
    if (raw === null || raw === undefined) continue;
    if ((Array.isArray(raw) ? raw : [raw]).map(String).filter((s) => s !== '').length) n++;
  }
  return n;
}

/** selectConfigurableChild as a scan: filters and scores every child on every call (spec catalogue §4.3). */
export function referenceSelect(product: Product, selection: VariantSelection, config: ShopConfig, options: VariantChoiceOptions = {}): ConfigurableChild | undefined {
  const candidates = (product.configurable_children ?? []).filter((c) => isChildAvailable(c, config));
  if (!candidates.length) return undefined;
  if (selection.sku) {
    const exact = candidates.find((c) => c.sku === selection.sku);
    if (exact) return exact;
  }
  const wanted = selectedIdsCount(selection);
  let best: ConfigurableChild | undefined;
  let bestLevel = -1;
  for (const c of candidates) {
    const level = matchLevel(c, selection);
    if (level > bestLevel || (level === bestLevel && best && childPrice(c) < childPrice(best))) {
      best = c;
      bestLevel = level;
    }
  }
  const acceptable = wanted === 0 || (options.requireAllOptions ? bestLevel === wanted : bestLevel > 0);
  if (best && acceptable && !(selection.sku && wanted === 0)) return best;
  return (options.fallbackToDefault ?? config.catalogue.useDefaultChildWhenNoMatch) ? candidates[0] : undefined;
}
