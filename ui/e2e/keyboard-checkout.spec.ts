import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated, uniqueEmail } from './checkout-steps';

/**
 * the whole purchase by keyboard alone: home -> search -> product -> variant -> add -> microcart ->
 * checkout -> pay (simulator) -> order status. Only Tab, Shift+Tab, Enter, Space, the arrows and Escape move the
 * focus or act (text is typed into the fields that need it); after every step the test asserts which element has
 * the focus, so a focus that drops to <body>, escapes a dialog or is not returned fails here.
 */

const CONFIGURABLE = { name: 'Inpakpapier Beertjes Amsterdam', path: '/inpakpapier/baby-en-geboorte/inpakpapier-beertjes-amsterdam-1.html' };

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`not reached with ${max} ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()} (focus is on ${at})`);
}

/** Presses an arrow key until `done()` holds; fails after `max` presses. */
async function arrowUntil(page: Page, key: 'ArrowDown' | 'ArrowRight', done: () => Promise<boolean>, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await done()) return;
    await page.keyboard.press(key);
  }
  expect(await done()).toBe(true);
}

/** Presses Tab until one of `targets` (a radio group, say) has the focus. */
async function tabToAny(page: Page, targets: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await targets.evaluateAll((els) => els.includes(document.activeElement as HTMLElement))) return;
  }
  throw new Error(`none of ${targets.toString()} reached with ${max} Tab`);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

test('keyboard only: search, pick a variant, add, microcart, checkout, pay, order status', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nl-NL', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await page.goto('/');
    await hydrated(page);

    // the first Tab reaches the skip link
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();

    // search combobox: typing opens it, the arrow makes the first result the active option, Enter opens it
    const search = page.getByRole('combobox', { name: 'Zoeken' });
    await tabTo(page, search);
    await expect(page.locator('#search-panel')).toHaveCount(0); // focus alone does not open the panel
    await page.keyboard.type(CONFIGURABLE.name);
    const firstOption = page.getByRole('listbox').getByRole('option').first();
    await expect(firstOption).toContainText(CONFIGURABLE.name);
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(search).toBeFocused();
    await expect(search).toHaveAttribute('aria-activedescendant', 'search-option-0');
    await expect(firstOption).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${CONFIGURABLE.path.replace(/[.]/g, '\\.')}`));

    // after the client-side page change the focus is on the new page's h1, and the title was announced
    const h1 = page.getByRole('heading', { level: 1, name: CONFIGURABLE.name });
    await expect(h1).toBeFocused();
    await expect(page.locator('[data-live-region="polite"]')).toContainText(`Pagina geladen: ${CONFIGURABLE.name}`);

    // the variant: arrows move within a radio group, Tab goes to the next group
    const colour = page.locator('input[name="option-color"]');
    await tabToAny(page, colour);
    const focusedLabel = () => page.evaluate(() => document.querySelector(`label[for="${document.activeElement?.id}"]`)?.textContent?.trim() ?? '');
    await arrowUntil(page, 'ArrowRight', async () => (await focusedLabel()).startsWith('Groen'));
    await expect(page.getByRole('radio', { name: 'Groen' })).toBeFocused();
    await expect(page.getByRole('radio', { name: 'Groen' })).toBeChecked();
    await expect(page).toHaveURL(/childSku=IP-00001-groen-/);
    await page.keyboard.press('Tab');
    await expect(page.locator('input[name="option-size"]:focus')).toHaveCount(1);
    await arrowUntil(page, 'ArrowRight', async () => (await focusedLabel()).startsWith('70 cm x 5 m'));
    await expect(page.getByRole('radio', { name: '70 cm x 5 m' })).toBeFocused();
    await expect(page).toHaveURL(/childSku=IP-00001-groen-70x5/);

    // add: the busy button keeps the focus, the new count is announced politely
    const add = page.getByRole('button', { name: 'In winkelwagen' });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Product is toegevoegd aan je winkelwagen!')).toBeVisible();
    await expect(add).toBeFocused();
    await expect(page.locator('[data-live-region="polite"]')).toHaveText('Er zit nu 1 artikel in je winkelwagen.');

    // the microcart: a modal dialog; Tab stays inside, Escape closes it and gives the focus back to the cart button
    const cartButton = page.getByRole('banner').getByRole('button', { name: 'Winkelwagen, 1 artikel' });
    await tabTo(page, cartButton, { back: true });
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Winkelwagen' });
    await expect(drawer).toBeFocused();
    await expect(drawer).toHaveAttribute('aria-modal', 'true');
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(cartButton).toBeFocused();
    await page.keyboard.press('Space');
    await expect(drawer).toBeVisible();
    await tabTo(page, drawer.getByRole('link', { name: 'Verder naar afrekenen' }), { max: 30 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Afrekenen' })).toBeFocused();

    // checkout step 1: personal details
    const personal = page.locator('[data-step="1"]');
    await typeInto(page, personal.getByLabel('Voornaam'), 'Anne');
    await typeInto(page, personal.getByLabel('Achternaam'), 'de Vries');
    await typeInto(page, personal.getByLabel('E-mailadres'), uniqueEmail('keyboard'));
    await tabTo(page, personal.getByRole('button', { name: 'Verder naar verzending' }));
    await page.keyboard.press('Enter');

    // step 2: the focus goes to the step's heading; the address, the country by arrows, the default method
    const shipping = page.locator('[data-step="2"]');
    await expect(shipping.getByRole('heading', { level: 2 })).toBeFocused();
    await typeInto(page, shipping.getByLabel('Straat en huisnummer'), 'Keizersgracht 12');
    await typeInto(page, shipping.getByLabel('Postcode'), '1015 CX');
    await typeInto(page, shipping.getByLabel('Plaats'), 'Amsterdam');
    const country = shipping.getByLabel('Land');
    await tabTo(page, country);
    await arrowUntil(page, 'ArrowDown', async () => (await country.inputValue()) === 'NL');
    await expect(shipping.getByRole('radio', { name: /DPD Courier/ })).toBeChecked();
    await tabTo(page, shipping.getByRole('button', { name: 'Verder naar betalen' }));
    await page.keyboard.press('Enter');

    // step 3: payment method by arrows, the bank by arrows
    const payment = page.locator('[data-step="3"]');
    await expect(payment.getByRole('heading', { level: 2 })).toBeFocused();
    const ideal = payment.getByRole('radio', { name: 'iDEAL' });
    await tabToAny(page, payment.getByRole('radio'));
    await arrowUntil(page, 'ArrowDown', () => isFocused(ideal));
    await expect(ideal).toBeChecked();
    const bank = payment.getByLabel('Je bank');
    await tabTo(page, bank);
    await arrowUntil(page, 'ArrowDown', async () => (await bank.locator('option:checked').textContent()) === 'ING');
    await tabTo(page, payment.getByRole('button', { name: 'Verder naar overzicht' }));
    await page.keyboard.press('Enter');

    // step 4: the terms by Space, then place the order
    const review = page.locator('[data-step="4"]');
    await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
    const terms = review.getByLabel(/Ik ga akkoord met de/);
    await tabTo(page, terms);
    await page.keyboard.press('Space');
    await expect(terms).toBeChecked();
    await tabTo(page, review.getByRole('button', { name: 'Bestelling plaatsen' }));
    await page.keyboard.press('Enter');

    // the payment simulator (a page of the demo payment provider)
    await expect(page.getByRole('heading', { level: 1, name: 'Betaalsimulator' })).toBeVisible();
    const paid = page.getByRole('button', { name: 'Betaald (paid)' });
    await tabTo(page, paid, { max: 10 });
    await page.keyboard.press('Enter');

    // the order status
    await page.waitForURL(/\/order-status\/[^/]+$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Status van bestelling # \d+/);
    await expect(page.locator('.status-label')).toHaveText('gelukt');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();
  } finally {
    await context.close();
  }
});
