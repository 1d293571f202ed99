import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { closeCookieNotice, settled } from './checkout-steps';

const PRODUCT_SEARCH = /\/api\/catalog\/[^/]+\/product\/_search\?size=1&/;

/**
 * The catalogue calls of the page, each as one string: a URL map call as `map <sku>` (the sku of its answer: the
 * call's body is not visible through the service worker), a product's document call as its URL. Counting one tile's
 * own calls keeps a second tile out of the count: a tile that moves under the resting pointer (a picture loading
 * above it) is asked for too, and that is not this navigation's call.
 */
function catalogueCalls(page: Page) {
  const calls: string[] = [];
  page.on('response', (r: Response) => {
    if (r.url().includes('/api/url/map')) void r.json().then((hit: { _source?: { sku?: string } }) => calls.push(`map ${hit._source?.sku}`), () => undefined);
  });
  page.on('request', (r: Request) => void (PRODUCT_SEARCH.test(r.url()) && calls.push(r.url())));
  return (call: string) => calls.filter((c) => c === call).length;
}
/** the sku a product document call asks for */
const skuOf = (url: string) => /"sku":\["([^"]+)"\]/.exec(decodeURIComponent(url))?.[1];

// A tile pointed at asks for its product's URL map answer and document before the click (ui/app/prefetch-product.ts);
// the click's navigation takes them and asks the backend for neither again
test('a product tile pointed at: its data comes before the click, the navigation does not ask for it again', async ({ page }) => {
  await page.goto('/inpakpapier');
  await settled(page);
  await closeCookieNotice(page);
  const count = catalogueCalls(page);
  const link = page.locator('[data-testid="category-products"] .product-tile a[href]').nth(1);

  const mapped = page.waitForResponse((r) => r.url().includes('/api/url/map'));
  const fetched = page.waitForResponse((r) => PRODUCT_SEARCH.test(r.url()));
  await link.hover();
  const [, document] = await Promise.all([mapped, fetched]);
  await expect.poll(() => [count(`map ${skuOf(document.url())}`), count(document.url())]).toEqual([1, 1]);

  const name = (await link.locator('.product-tile__name').textContent())?.trim() ?? '';
  await link.click();
  await expect(page.locator('.product-page h1')).toHaveText(name);
  await expect.poll(() => [count(`map ${skuOf(document.url())}`), count(document.url())]).toEqual([1, 1]);

  // Back, and a tile never pointed at (a keyboard's focus) asks for its own product the same way (the pointer away
  // from the tiles first, so that none is pointed at when the list is back)
  await page.mouse.move(0, 0);
  await page.goBack();
  await expect(page.locator('.category-page h1')).toBeVisible();
  const other = page.locator('[data-testid="category-products"] .product-tile a[href]').nth(2);
  const otherFetched = page.waitForResponse((r) => PRODUCT_SEARCH.test(r.url()) && r.url() !== document.url());
  await other.focus();
  const otherDocument = await otherFetched;
  await expect.poll(() => [count(`map ${skuOf(otherDocument.url())}`), count(otherDocument.url())]).toEqual([1, 1]);
  const otherName = (await other.locator('.product-tile__name').textContent())?.trim() ?? '';
  await page.keyboard.press('Enter');
  await expect(page.locator('.product-page h1')).toHaveText(otherName);
  await expect.poll(() => [count(`map ${skuOf(otherDocument.url())}`), count(otherDocument.url())]).toEqual([1, 1]);
});
