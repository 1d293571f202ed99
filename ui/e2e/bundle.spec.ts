import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptTerms, choosePayment, closeCookieNotice, fillDetailsAndShipping, hydrated, placeOrder, uniqueEmail } from './checkout-steps';

/**
 * the shopper composes a bundle (spec catalogue §3.1 bundle_options with product_links, §4.4 the
 * default link is the one flagged is_default, otherwise the first), the price follows the choice, the cart line shows
 * it, and the order costs what the page said.
 */

interface Link { id: number; sku: string; is_default: boolean }
interface Option { option_id: number; title: string; type: string; product_links: Link[] }
interface BundleDoc { sku: string; url_path: string; name: string; bundle_options: Option[] }

/** A bundle whose links are all in stock and without a special price, with the links' names and prices. */
async function pickBundle(request: APIRequestContext): Promise<{ bundle: BundleDoc; price: Map<string, number>; name: Map<string, string> }> {
  const search = async (body: unknown) => {
    const res = await request.post('/api/catalog/vue_storefront_catalog/product/_search', { data: body });
    expect(res.ok()).toBeTruthy();
    return ((await res.json()) as { hits: { hits: Array<{ _source: Record<string, unknown> }> } }).hits.hits.map((h) => h._source);
  };
  const bundles = (await search({ query: { bool: { filter: [{ term: { type_id: 'bundle' } }, { term: { visibility: 4 } }, { term: { status: 1 } }] } }, size: 20 })) as unknown as BundleDoc[];
  for (const bundle of bundles) {
    const skus = bundle.bundle_options.flatMap((o) => o.product_links.map((l) => l.sku));
    const linked = await search({ query: { bool: { filter: [{ terms: { sku: skus } }] } }, size: skus.length });
    const ok = linked.length === new Set(skus).size && linked.every((p) => p.special_price_incl_tax == null && (p.stock as { is_in_stock: boolean; qty: number }).is_in_stock && (p.stock as { qty: number }).qty >= 20);
    if (ok) {
      return {
        bundle,
        price: new Map(linked.map((p) => [p.sku as string, p.price_incl_tax as number])),
        name: new Map(linked.map((p) => [p.sku as string, p.name as string])),
      };
    }
  }
  throw new Error('no bundle without special prices');
}

const euro = (n: number) => `€\u00a0${n.toFixed(2).replace('.', ',')}`;
const priceOf = async (page: Page) => (await page.getByTestId('product-price').innerText()).replace(/\s/g, '\u00a0').trim();

test('a shopper composes a bundle: the price follows the choice, the cart line shows it, the order total is right', async ({ page, request }) => {
  const { bundle, price, name } = await pickBundle(request);
  const [paper, ribbon, card] = bundle.bundle_options as [Option, Option, Option];
  const def = (o: Option) => o.product_links.find((l) => l.is_default) ?? o.product_links[0]!;
  await page.goto(`/${bundle.url_path}`);
  await hydrated(page);
  await closeCookieNotice(page);

  // every option with its choices, the defaults chosen (§4.4), the price their sum
  const section = page.getByRole('region', { name: 'Inhoud' });
  await expect(section.getByRole('group', { name: new RegExp(paper.title) }).getByRole('radio')).toHaveCount(paper.product_links.length);
  await expect(section.getByRole('radio', { name: new RegExp(name.get(def(paper).sku)!) })).toBeChecked();
  await expect(section.getByRole('combobox', { name: ribbon.title })).toHaveValue(String(def(ribbon).id));
  await expect(section.getByRole('checkbox', { name: new RegExp(name.get(def(card).sku)!) })).toBeChecked();
  const defaults = [paper, ribbon, card].reduce((s, o) => s + price.get(def(o).sku)!, 0);
  expect(await priceOf(page)).toBe(euro(defaults));

  // another paper, two of it, another ribbon, no card: the price follows
  const otherPaper = paper.product_links.find((l) => l.id !== def(paper).id)!;
  const otherRibbon = ribbon.product_links.find((l) => l.id !== def(ribbon).id)!;
  await section.getByRole('radio', { name: new RegExp(name.get(otherPaper.sku)!) }).check();
  await section.getByLabel(`Aantal (${paper.title})`).fill('2');
  await section.getByRole('combobox', { name: ribbon.title }).selectOption(String(otherRibbon.id));
  await section.getByRole('checkbox', { name: new RegExp(name.get(def(card).sku)!) }).uncheck();
  const chosen = price.get(otherPaper.sku)! * 2 + price.get(otherRibbon.sku)!;
  await expect.poll(() => priceOf(page)).toBe(euro(chosen));
  await page.screenshot({ path: 'test-results/e2e/bundle-product.png', fullPage: true });

  // add to cart: the line shows the choices and costs the same
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
  await page.goto('/checkout');
  await hydrated(page);
  const summary = page.getByRole('complementary', { name: 'Overzicht van je bestelling' });
  const choices = summary.getByRole('list', { name: 'Jouw keuzes' });
  await expect(choices).toContainText(`${paper.title}: 2 × ${name.get(otherPaper.sku)}`);
  await expect(choices).toContainText(`${ribbon.title}: 1 × ${name.get(otherRibbon.sku)}`);
  await expect(choices).not.toContainText(card.title);
  await expect(summary.locator('.cart-line__price')).toHaveText(euro(chosen));

  // checkout: the order's total is the chosen bundle plus shipping (DPD 5,00 incl.)
  await fillDetailsAndShipping(page, { firstName: 'Bas', lastName: 'Jansen', email: uniqueEmail('bundle') });
  await choosePayment(page, 'Betalen bij levering');
  await acceptTerms(page);
  await expect(summary.getByText(euro(chosen + 5)).first()).toBeVisible();
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Bedankt voor je bestelling!' })).toBeVisible();
});
