/**
 * Cost of the two rules an integrator runs on big inputs, old (the scans they replaced, test-fixtures/reference/
 * old-rules.ts) vs new (core/), side by side in one process:
 * - mergeCartItems at 500 + 500, 1,000 + 1,000 and 2,000 + 2,000 lines, and how the time grows when the cart doubles;
 * - selectConfigurableChild on a product with 1,000 children, options given.
 * Run: node scripts/bench/run.mjs rules
 * A benchmark, not a test: it prints figures (median of repeated runs, ms, wall clock).
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_CONFIG, type ShopConfig } from '../../core/config';
import { mergeCartItems, mergePairedLines, type MergeOptions } from '../../core/cart/merge';
import type { CartItem, ServerCartItem } from '../../core/cart/types';
import { selectConfigurableChild, type VariantSelection } from '../../core/catalogue/variants';
import { referencePair, referenceSelect } from '../../test-fixtures/reference/old-rules';
import type { ConfigurableChild, Product } from '../../core/catalogue/types';

// ---- the old rules (test-fixtures/reference/old-rules.ts): the pairing scanned the server lines per client line (the
// merge's walk over the pairs is the same in both); the variant choice filtered and scored every child on every call
const oldMerge = (client: readonly CartItem[], server: readonly ServerCartItem[], options: MergeOptions) =>
  mergePairedLines(client, server, options, referencePair(client, server, options.cartId));
const oldSelect = (product: Product, selection: VariantSelection, config: ShopConfig): ConfigurableChild | undefined => referenceSelect(product, selection, config);

// ---- inputs
const CART = 'acct-1';
const configured = (n: number) => ({
  extension_attributes: {
    custom_options: n % 7 === 0 ? [{ option_id: 7, option_value: `tekst ${n}` }] : [],
    configurable_item_options: [
      { option_id: '93', option_value: 49 + (n % 5) },
      { option_id: '142', option_value: 167 + (n % 3) },
    ],
    bundle_options: [],
  },
});
/**
 * n client lines and n server lines: a third paired by server item id, a third by identity (not synced yet, another
 * qty), a third on one side only; every line has configurable options (the identity has something to sort).
 */
function carts(n: number): { client: CartItem[]; server: ServerCartItem[] } {
  const client: CartItem[] = [];
  const server: ServerCartItem[] = [];
  for (let i = 0; i < n; i++) {
    const sku = `SKU-${i}`;
    const kind = i % 3;
    if (kind === 0) {
      client.push({ sku, qty: 1, product_option: configured(i), server_item_id: 10_000 + i, server_cart_id: CART });
      server.push({ item_id: 10_000 + i, sku, qty: 1, product_type: 'configurable', product_option: configured(i), quote_id: CART });
    } else if (kind === 1) {
      client.push({ sku, qty: 2, product_option: configured(i) });
      server.push({ item_id: 10_000 + i, sku, qty: 3, product_type: 'configurable', product_option: configured(i), quote_id: CART });
    } else {
      client.push({ sku: `${sku}-client`, qty: 1, product_option: configured(i) });
      server.push({ item_id: 10_000 + i, sku: `${sku}-server`, qty: 1, product_type: 'configurable', product_option: configured(i), quote_id: CART });
    }
  }
  // the server answers in its own order
  server.reverse();
  return { client, server };
}

/** median and fastest of `runs` runs after a warm-up, ms (the machine is shared: the fastest is the least disturbed) */
function time(runs: number, fn: () => unknown): { median: number; min: number } {
  fn();
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  return { median: xs[Math.floor(xs.length / 2)]!, min: xs[0]! };
}
const ms = (x: number) => (x < 0.1 ? x.toFixed(4) : x < 10 ? x.toFixed(2) : x.toFixed(0));

console.log(`rules benchmark, Node ${process.version}, median of repeated runs\n`);
console.log('mergeCartItems (serverMergeByDefault, login merge with mergeQtys, cartId)');
console.log('  lines           old median (min)   new median (min)   old/new (medians)');
const options: MergeOptions = { serverMergeByDefault: true, mergeQtys: true, cartId: CART };
const sizes = [500, 1000, 2000];
const inputs = sizes.map((n) => carts(n));
for (const { client, server } of inputs) {
  if (JSON.stringify(oldMerge(client, server, options)) !== JSON.stringify(mergeCartItems(client, server, options))) throw new Error('old and new merge disagree');
}
// the new ones first, all sizes, before the old ones fill the heap
const news = inputs.map(({ client, server }) => time(41, () => mergeCartItems(client, server, options)));
const olds = inputs.map(({ client, server }, i) => time(sizes[i]! >= 2000 ? 3 : 5, () => oldMerge(client, server, options)));
const rows = sizes.map((n, i) => ({ n, old: olds[i]!.median, now: news[i]!.median }));
sizes.forEach((n, i) => {
  const o = olds[i]!;
  const w = news[i]!;
  console.log(
    `  ${String(n).padStart(5)} + ${String(n).padEnd(5)}  ${`${ms(o.median)} (${ms(o.min)})`.padStart(16)}   ${`${ms(w.median)} (${ms(w.min)})`.padStart(16)}   ${(o.median / w.median).toFixed(0).padStart(6)}x`,
  );
});
const growth = (a: { old: number; now: number }, b: { old: number; now: number }) => `old x${(b.old / a.old).toFixed(1)}, new x${(b.now / a.now).toFixed(1)}`;
console.log(`  growth when the cart doubles (linear = x2, quadratic = x4): 500->1,000 ${growth(rows[0]!, rows[1]!)}; 1,000->2,000 ${growth(rows[1]!, rows[2]!)}`);
console.log(`  growth 500 -> 2,000 lines (linear = x4, quadratic = x16): ${growth(rows[0]!, rows[2]!)}`);

console.log('\nselectConfigurableChild, a product with 1,000 children (10 colours x 10 sizes x 10 materials), options given');
const children: ConfigurableChild[] = [];
for (let i = 0; i < 1000; i++) {
  children.push({
    id: i,
    sku: `P-${i}`,
    color: i % 10,
    size: Math.floor(i / 10) % 10,
    custom_attributes: [{ attribute_code: 'material', value: Math.floor(i / 100) }],
    final_price: 5 + (i % 13),
    status: i % 17 === 0 ? 2 : 1,
    stock: { is_in_stock: i % 23 !== 0 },
  });
}
const product: Product = { id: 1, sku: 'P', name: 'P', type_id: 'configurable', configurable_children: children };
const selections: VariantSelection[] = [];
for (let i = 0; i < 100; i++) selections.push({ options: { color: i % 10, size: (i * 3) % 10, material: (i * 7) % 10 } });
for (const [a, b] of [[0, 1], [5, 2]] as const) {
  const o = oldSelect(product, { options: { color: a, size: b } }, DEFAULT_CONFIG);
  const n = selectConfigurableChild(product, { options: { color: a, size: b } }, DEFAULT_CONFIG);
  if (o !== n) throw new Error('old and new disagree');
}
let k = 0;
const newVariant = time(2000, () => selectConfigurableChild(product, selections[k++ % selections.length]!, DEFAULT_CONFIG)).median;
k = 0;
const oldVariant = time(2000, () => oldSelect(product, selections[k++ % selections.length]!, DEFAULT_CONFIG)).median;
const fresh = time(50, () => selectConfigurableChild({ ...product, configurable_children: [...children] }, selections[0]!, DEFAULT_CONFIG)).median;
console.log(`  per call (median): old ${ms(oldVariant)} ms, new ${ms(newVariant)} ms (${(oldVariant / newVariant).toFixed(0)}x); first call on a new product (index built): ${ms(fresh)} ms`);
