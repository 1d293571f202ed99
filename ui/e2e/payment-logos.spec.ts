import { expect, test } from '@playwright/test';
import { checkoutWithOneProduct, fillDetailsAndShipping, pageProblems, uniqueEmail } from './checkout-steps';

// spec transactions §3 "Payment method": a provider method is shown with its image. The page's CSP allows images from
// the shop's own origin only, so the logos load through the storefront's /img/ pass-through, never from the API's
// own origin (which the CSP would block: a broken image beside each method).

for (const width of [390, 1280]) {
  test(`every payment method logo loads on the payment step at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const problems = pageProblems(page);
    await checkoutWithOneProduct(page, 3);
    await fillDetailsAndShipping(page, { firstName: 'Lotte', lastName: 'Bakker', email: uniqueEmail('logos') });
    const step = page.locator('[data-step="3"]');
    await expect(step.getByRole('radio', { name: 'iDEAL' })).toBeVisible();
    const logos = step.locator('img.method__logo');
    await expect(logos).toHaveCount(3);
    for (const logo of await logos.all()) {
      await expect(logo).toHaveAttribute('src', /^\/img\/payment-logos\/[\w-]+\.svg$/);
      // loaded and drawn: a blocked or missing image has no natural width once complete
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    expect(problems.filter((p) => /Content Security Policy|img-src|payment-logos/i.test(p))).toEqual([]);
  });
}
