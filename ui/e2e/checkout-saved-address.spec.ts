import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import nl from '../i18n/nl-NL';
import en from '../i18n/en-US';
import { hydrated, requestsInFlight, simpleProductUrl, uniqueEmail } from './checkout-steps';

/**
 * A logged-in customer's saved addresses at checkout (spec transactions §3 "Address", checkout shippingDetails; §5 the
 * address rule; §7 GET/POST /api/user/me; core/checkout/saved-addresses.ts): the shipping step starts with the default
 * shipping address filled in, the other saved address and "a new address" are offered, every field stays editable,
 * and a new shipping address and a billing address of its own that the customer keeps are in the account's address
 * list after the order. In Dutch and in English, with an axe scan of the step.
 */

const PASSWORD = 'Papier2026!';
const TEXTS = { 'nl-NL': nl, 'en-US': en } as const;
const exact = (s: string) => new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** a customer made through the account API, with a default shipping address in Amsterdam and a second one in Antwerp */
async function customerWithAddresses(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const addresses = [
    { firstname: 'Anne', lastname: 'de Vries', street: ['Keizersgracht 12'], city: 'Amsterdam', postcode: '1015 CX', country_id: 'NL', default_shipping: true },
    { firstname: 'Anne', lastname: 'de Vries', street: ['Meir 1'], city: 'Antwerpen', postcode: '2000', country_id: 'BE' },
  ];
  const created = await page.request.post('/api/user/create', { data: { customer: { email, firstname: 'Anne', lastname: 'de Vries', addresses }, password: PASSWORD } });
  expect(created.status()).toBe(200);
  return email;
}

for (const locale of ['nl-NL', 'en-US'] as const) {
  const tx = TEXTS[locale];
  const t = {
    option: (address: string) => tx.account.addressBook.option.replace('{{address}}', address),
    country: (code: 'NL' | 'BE') => tx.country[code],
  };

  async function logIn(page: Page, email: string): Promise<void> {
    await page.getByRole('link', { name: tx.header.account }).click();
    const dialog = page.getByRole('dialog', { name: tx.auth.loginTitle });
    await dialog.getByRole('textbox', { name: tx.auth.email, exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: tx.auth.password, exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: exact(tx.auth.login) }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }

  // a field by its accessible name (a required field's label shows a '*' besides)
  const field = (step: Locator, label: string) => step.getByRole(label === tx.checkout.country ? 'combobox' : 'textbox', { name: label, exact: true });

  test(`saved addresses at checkout: the default fills the shipping step, a new address is kept in the account (${locale})`, async ({ page, context }) => {
    if (locale !== 'nl-NL') await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL! }]);
    const email = await customerWithAddresses(page, `saved-address-${locale}`);
    const requests = requestsInFlight(page);
    // the account's updates the order's kept addresses queue (POST /api/user/me), answered
    let profileUpdates = 0;
    page.on('response', (r) => void (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/user/me' && r.ok() && profileUpdates++));
    // page errors and hydration warnings (the session's and cart's own console messages are not this journey's)
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => void (/hydrat/i.test(m.text()) && problems.push(m.text())));
    await page.goto('/');
    await hydrated(page);
    const cookies = page.getByRole('region', { name: tx.cookies.label });
    await cookies.getByRole('button', { name: tx.cookies.accept }).click();
    await expect(cookies).toHaveCount(0);
    await logIn(page, email);

    const product = await simpleProductUrl(page.request, locale === 'nl-NL' ? 11 : 12);
    await page.goto(product.url);
    await hydrated(page);
    await page.getByRole('button', { name: tx.product.addToCart, exact: true }).click();
    await expect(page.getByText(tx.cart.productAdded)).toBeVisible();

    await page.goto('/checkout');
    await hydrated(page);
    const personal = page.locator('[data-step="1"]');
    await expect(field(personal, tx.checkout.email)).toHaveValue(email);
    await personal.getByRole('button', { name: tx.checkout.continueToShipping }).click();

    // the default shipping address fills the step, and is the chosen one; the other one and a new address are offered
    const shipping = page.locator('[data-step="2"]');
    const saved = shipping.getByRole('group', { name: tx.account.addressBook.choose });
    const amsterdam = saved.getByRole('radio', { name: t.option('Keizersgracht 12, 1015 CX Amsterdam') });
    const antwerp = saved.getByRole('radio', { name: t.option(`Meir 1, 2000 Antwerpen, ${t.country('BE')}`) });
    const fresh = saved.getByRole('radio', { name: tx.account.addressBook.new });
    await expect(amsterdam).toBeChecked();
    await expect(antwerp).not.toBeChecked();
    await expect(fresh).not.toBeChecked();
    await expect(field(shipping, tx.checkout.streetAddress)).toHaveValue('Keizersgracht 12');
    await expect(field(shipping, tx.checkout.zipCode)).toHaveValue('1015 CX');
    await expect(field(shipping, tx.checkout.city)).toHaveValue('Amsterdam');
    await expect(field(shipping, tx.checkout.country)).toHaveValue('NL');
    await expect(field(shipping, tx.checkout.firstName)).toHaveValue('Anne');
    // a saved address needs no keeping
    await expect(shipping.getByLabel(tx.account.addressBook.keep)).toHaveCount(0);
    await shipping.screenshot({ path: `test-results/e2e/checkout-saved-address-${locale}.png` });

    // the keyboard moves between the saved addresses: the next one fills the fields
    await amsterdam.focus();
    await page.keyboard.press('ArrowDown');
    await expect(antwerp).toBeChecked();
    await expect(antwerp).toBeFocused();
    await expect(field(shipping, tx.checkout.streetAddress)).toHaveValue('Meir 1');
    await expect(field(shipping, tx.checkout.zipCode)).toHaveValue('2000');
    await expect(field(shipping, tx.checkout.country)).toHaveValue('BE');

    // every field stays editable: an edited address is a new one, which can be kept
    await field(shipping, tx.checkout.streetAddress).fill('Meir 3');
    await expect(fresh).toBeChecked();
    await expect(shipping.getByLabel(tx.account.addressBook.keep)).toBeVisible();

    // the step as the shopper sees it: no axe violation
    await requests.idle();
    const scan = await new AxeBuilder({ page }).include('[data-step="2"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // back to the default address, then "a new address": the saved one leaves the fields, the names stay
    await amsterdam.check();
    await expect(field(shipping, tx.checkout.streetAddress)).toHaveValue('Keizersgracht 12');
    await fresh.check();
    await expect(field(shipping, tx.checkout.streetAddress)).toHaveValue('');
    await expect(field(shipping, tx.checkout.zipCode)).toHaveValue('');
    await expect(field(shipping, tx.checkout.city)).toHaveValue('');
    await expect(field(shipping, tx.checkout.firstName)).toHaveValue('Anne');
    await field(shipping, tx.checkout.streetAddress).fill('Oudegracht 1');
    await field(shipping, tx.checkout.zipCode).fill('3511 AA');
    await field(shipping, tx.checkout.city).fill('Utrecht');
    await shipping.getByLabel(tx.account.addressBook.keep).check();
    await shipping.getByRole('button', { name: tx.checkout.continueToPayment }).click();

    // the billing address differs: a new one (the account has no default billing address to fill in), kept as well
    const payment = page.locator('[data-step="3"]');
    await payment.getByLabel(tx.checkout.sameAsShipping).uncheck();
    await expect(payment.getByRole('group', { name: tx.account.addressBook.choose }).getByRole('radio', { name: tx.account.addressBook.new })).toBeChecked();
    await field(payment, tx.checkout.firstName).fill('Anne');
    await field(payment, tx.checkout.lastName).fill('de Vries');
    await field(payment, tx.checkout.streetAddress).fill('Kalverstraat 1');
    await field(payment, tx.checkout.zipCode).fill('1012 AB');
    await field(payment, tx.checkout.city).fill('Amsterdam');
    await payment.getByLabel(tx.account.addressBook.keep).check();
    await payment.getByRole('radio', { name: tx.payment.cashOnDelivery }).check();
    await payment.getByRole('button', { name: tx.checkout.continueToReview }).click();
    const review = page.locator('[data-step="4"]');
    await review.getByLabel(new RegExp(`^${tx.checkout.acceptTerms}`)).check();
    await review.getByRole('button', { name: tx.checkout.placeOrder }).click();
    await expect(page.getByRole('heading', { name: tx.checkout.thankYouTitle })).toBeVisible();
    // the account's updates (queued after the order) are answered: the shipping address's, then the billing address's
    await expect(page.getByText(tx.user.accountUpdated)).toBeVisible();
    await expect.poll(() => profileUpdates).toBe(2);

    // the account as the backend has it now: a fresh login reads it
    await page.goto('/my-account');
    await hydrated(page);
    await page.getByRole('button', { name: tx.account.logout }).click();
    await expect(page).toHaveURL(/\/$/);
    await logIn(page, email);
    await page.goto('/my-account');
    await hydrated(page);
    const book = page.getByRole('list', { name: tx.account.addressBook.title });
    await expect(book.getByRole('listitem')).toHaveText([
      `Anne de Vries, Keizersgracht 12, 1015 CX Amsterdam, ${t.country('NL')} (${tx.account.addressBook.defaultShipping})`,
      `Anne de Vries, Meir 1, 2000 Antwerpen, ${t.country('BE')}`,
      `Anne de Vries, Oudegracht 1, 3511 AA Utrecht, ${t.country('NL')}`,
      `Anne de Vries, Kalverstraat 1, 1012 AB Amsterdam, ${t.country('NL')} (${tx.account.addressBook.defaultBilling})`,
    ]);
    expect(problems).toEqual([]);
  });
}
