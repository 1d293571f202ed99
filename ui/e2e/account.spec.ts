import { expect, test } from '@playwright/test';
import { acceptTerms, addProductToCart, choosePayment, closeCookieNotice, fillDetailsAndShipping, hydrated, placeOrder, simpleProductUrl, uniqueEmail } from './checkout-steps';

// spec transactions §2 (account icon → login modal, /my-account), §4 "Session" (login, logout), §5 form rules, §7 order history
test('register with inline validation, order, log out, log in and see the order history', async ({ page }) => {
  const email = uniqueEmail('account');
  const password = 'Papier2024!';
  await page.goto('/');
  await hydrated(page);
  await closeCookieNotice(page);

  // anonymous: the account icon opens the login modal
  await page.getByRole('link', { name: 'Mijn account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Registreer je' }).click();
  await expect(dialog.getByRole('heading', { name: 'Registreren' })).toBeVisible();

  // bad input: the core's rules answer inline, the first failing field gets the focus, nothing typed is lost
  await dialog.getByLabel('E-mailadres').fill('anne@');
  await dialog.getByLabel('Voornaam').fill('A');
  await dialog.getByLabel('Achternaam').fill('de Boer');
  await dialog.getByLabel(/^Wachtwoord/).fill('kort');
  await dialog.getByLabel('Herhaal wachtwoord').fill('anders');
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(dialog.getByText('Vul een geldig e-mailadres in.')).toBeVisible();
  await expect(dialog.getByText('Een naam heeft minstens 2 letters.')).toBeVisible();
  await expect(dialog.getByText('Het wachtwoord heeft minstens 8 tekens en minstens drie van: kleine letters, hoofdletters, cijfers, speciale tekens.').last()).toBeVisible();
  await expect(dialog.getByText('De wachtwoorden moeten gelijk zijn.')).toBeVisible();
  await expect(dialog.getByText('Je moet de algemene voorwaarden accepteren.')).toBeVisible();
  await expect(dialog.getByLabel('E-mailadres')).toBeFocused();
  await expect(dialog.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Achternaam')).toHaveValue('de Boer');
  await page.screenshot({ path: 'test-results/e2e/account-register-validation.png' });

  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Voornaam').fill('Anne');
  await dialog.getByLabel(/^Wachtwoord/).fill(password);
  await dialog.getByLabel('Herhaal wachtwoord').fill(password);
  await dialog.getByLabel('Ik ga akkoord met de algemene voorwaarden').check();
  await dialog.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByText('Je account is aangemaakt en je bent ingelogd.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // an order as the logged-in customer (personal details come from the account)
  const product = await simpleProductUrl(page.request, 3);
  await addProductToCart(page, product.url);
  await page.goto('/checkout');
  await hydrated(page);
  await expect(page.locator('[data-step="1"]').getByLabel('E-mailadres')).toHaveValue(email);
  await fillDetailsAndShipping(page, { firstName: 'Anne', lastName: 'de Boer', email }, { skipPersonal: true });
  await choosePayment(page, 'Betalen bij levering');
  await acceptTerms(page);
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Bedankt voor je bestelling!' })).toBeVisible();
  const increment = ((await page.getByText(/Je bestelnummer is \d+\./).textContent()) ?? '').match(/\d{9}/)?.[0] ?? '';
  expect(increment).toMatch(/^\d{9}$/);
  await page.screenshot({ path: 'test-results/e2e/account-thank-you.png', fullPage: true });

  // the account page: logged in → the account icon goes to /my-account, with the order in the history
  await page.getByRole('link', { name: 'Verder winkelen' }).click();
  await page.getByRole('link', { name: 'Mijn account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText('Hallo Anne!')).toBeVisible();
  await expect(page.locator(`[data-order="${increment}"]`)).toBeVisible();
  // the newsletter switch (spec transactions §4, §7)
  const newsletter = page.getByLabel('Ik wil de nieuwsbrief ontvangen');
  await expect(newsletter).toBeEnabled();
  await expect(newsletter).not.toBeChecked();
  await newsletter.check();
  await expect(newsletter).toBeChecked();

  // log out
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByText('Je bent uitgelogd')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // log in: a wrong password first (the server's refusal, translated), then the right one
  await page.getByRole('link', { name: 'Mijn account' }).click();
  const login = page.getByRole('dialog');
  await login.getByLabel('E-mailadres').fill(email);
  await login.getByLabel('Wachtwoord').fill('Verkeerd123!');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(login.getByRole('alert')).toHaveText('Inloggen is mislukt of je account is tijdelijk geblokkeerd. Wacht even en probeer het later opnieuw.');
  await expect(login.getByLabel('E-mailadres')).toHaveValue(email);
  await login.getByLabel('Wachtwoord').fill(password);
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText('Je bent ingelogd!')).toBeVisible();
  await page.getByRole('link', { name: 'Mijn account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  const row = page.locator(`[data-order="${increment}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('In behandeling');
  await page.screenshot({ path: 'test-results/e2e/account-order-history.png', fullPage: true });
});

// spec transactions §2: anonymous users on /my-account are asked to log in; §5 the login form's inline rules
test('my-account asks anonymous shoppers to log in; login form validates inline', async ({ page }) => {
  await page.goto('/my-account');
  await hydrated(page);
  await expect(page.getByText('Je moet ingelogd zijn om deze pagina te zien')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Inloggen' }).click();
  await expect(dialog.getByText('Dit veld is verplicht')).toHaveCount(2);
  await dialog.getByLabel('E-mailadres').fill('geen-adres');
  await dialog.getByLabel('E-mailadres').blur();
  await expect(dialog.getByText('Vul een geldig e-mailadres in.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

// spec transactions §2 contact page at /contact and /contacts, §8 'Your comment was sent!' and the form cleared
test('contact form: inline rules, sent message, form cleared', async ({ page }) => {
  await page.goto('/contacts');
  await hydrated(page);
  await closeCookieNotice(page);
  await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
  const form = page.getByRole('main').locator('form');
  await form.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(form.getByText('Dit veld is verplicht')).toHaveCount(3);
  await expect(form.getByLabel('Naam')).toBeFocused();
  await form.getByLabel('Naam').fill('Sanne Visser');
  await form.getByLabel('E-mailadres').fill('sanne@example.nl');
  await form.getByLabel('Je bericht').fill('Hebben jullie ook lint in het goud?');
  // spec catalogue §2.9 "Loader": shown while the message is on its way (the answer held here), gone once it is sent
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ext/contact/send', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Bericht versturen' }).click();
  await expect(page.locator('.loader')).toBeVisible();
  release();
  await expect(form.getByRole('status')).toHaveText('Je bericht is verstuurd!');
  await expect(page.locator('.loader')).toHaveCount(0);
  await expect(form.getByLabel('Naam')).toHaveValue('');
  await expect(form.getByLabel('Je bericht')).toHaveValue('');
  await page.screenshot({ path: 'test-results/e2e/account-contact-sent.png', fullPage: true });
  // the same page at /contact
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Bericht versturen' })).toBeVisible();
});

// spec transactions §3, §4: logging in partway through checkout fills the personal details the shopper left empty
test('logging in at the personal-details step fills the name and e-mail', async ({ page, request }) => {
  const email = `checkout-login-${Date.now()}@example.nl`;
  const password = 'Papier2026!';
  const created = await request.post('/api/user/create', {
    data: { customer: { email, firstname: 'Joke', lastname: 'Jansen' }, password },
  });
  expect(created.status()).toBe(200);
  const { url } = await simpleProductUrl(request, 3);
  await addProductToCart(page, url);
  await page.goto('/checkout');
  await hydrated(page);
  await closeCookieNotice(page);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Voornaam')).toHaveValue('');
  await main.getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog');
  await login.getByLabel('E-mailadres').fill(email);
  await login.getByLabel('Wachtwoord').fill(password);
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(main.getByLabel('Voornaam')).toHaveValue('Joke');
  await expect(main.getByLabel('Achternaam')).toHaveValue('Jansen');
  await expect(main.getByLabel('E-mailadres')).toHaveValue(email);
});
