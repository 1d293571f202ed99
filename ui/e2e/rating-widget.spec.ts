import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { pageProblems, requestsInFlight, settled, simpleProductUrl } from './checkout-steps';

/**
 * The shop's review rating (spec catalogue §3.8 "Rating widget data: status, link, percentage, score, score_max,
 * total_reviews"; §7 GET /api/ext/feedback-company/getFeedbackReview) in the footer, once it scrolls into view, and
 * beside a product's title, in nl-NL and en-US number formats; a failed call or a status that is not ok shows nothing.
 */
const reviews = generateCatalogue().reviews;
const average = reviews.reduce((sum, r) => sum + (r.ratings[0]?.value ?? 0), 0) / reviews.length;
const SCORE = Math.round(average * 2 * 10) / 10;
const LINK = 'https://www.feedbackcompany.com/nl-nl/reviews/papierwinkel/';
const FEEDBACK = '**/api/ext/feedback-company/getFeedbackReview';
const fmt = (locale: string, n: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
const dutch = `Klantbeoordeling: ★ ${fmt('nl-NL', SCORE, 1)} / 10 · ${fmt('nl-NL', reviews.length)} beoordelingen`;
const english = `Customer rating: ★ ${fmt('en-US', SCORE, 1)} / 10 · ${fmt('en-US', reviews.length)} reviews`;

/** every call to the feedback API the page makes */
function feedbackCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/ext/feedback-company/')) calls.push(r.url());
  });
  return calls;
}

test('nl-NL: the footer shows the score once scrolled to, the product page beside the title; both link to the review page', async ({ page, request }) => {
  const problems = pageProblems(page);
  const calls = feedbackCalls(page);
  const inFlight = requestsInFlight(page);
  await page.goto('/');
  await settled(page);
  await inFlight.idle();
  // nothing asked while the footer is out of sight
  expect(calls).toEqual([]);
  await expect(page.getByTestId('rating-footer')).toHaveCount(0);
  await page.locator('footer').scrollIntoViewIfNeeded();
  const footer = page.getByTestId('rating-footer');
  await expect(footer).toHaveText(dutch);
  await expect(footer.getByRole('link')).toHaveAttribute('href', LINK);
  expect(calls).toHaveLength(1);

  const { url } = await simpleProductUrl(request);
  await page.goto(url);
  const beside = page.getByTestId('rating-product');
  await expect(beside).toHaveText(dutch);
  await expect(beside.getByRole('link', { name: /Klantbeoordeling: .* beoordelingen/ })).toHaveAttribute('href', LINK);
  // right under the title
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  const box = await beside.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
  expect(box!.y - (title!.y + title!.height)).toBeLessThan(60);
  // accessible where it shows: under the title and in the footer (axe, WCAG 2.2 AA)
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('rating-footer')).toHaveText(dutch);
  const axe = await new AxeBuilder({ page }).include('.rating').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(problems).toEqual([]);
});

test('en-US: the same score in English number format and words', async ({ page, context, baseURL, request }) => {
  await context.addCookies([{ name: 'locale', value: 'en-US', url: baseURL! }]);
  const { url } = await simpleProductUrl(request, 3);
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('rating-product')).toHaveText(english);
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('rating-footer')).toHaveText(english);
});

test('thousands and the singular, in both locales (an answer of the feedback API stood in for)', async ({ page, context, baseURL, request }) => {
  const { url } = await simpleProductUrl(request, 7);
  const answer = (score: number, total: number) => JSON.stringify({ code: 200, result: JSON.stringify({ status: 'ok', link: LINK, percentage: 92, score, score_max: 10, total_reviews: total }) });
  for (const [locale, score, total, shown] of [
    ['nl-NL', 9.2, 1234, 'Klantbeoordeling: ★ 9,2 / 10 · 1.234 beoordelingen'],
    ['nl-NL', 8, 1, 'Klantbeoordeling: ★ 8 / 10 · 1 beoordeling'],
    ['en-US', 9.2, 1234, 'Customer rating: ★ 9.2 / 10 · 1,234 reviews'],
    ['en-US', 8, 1, 'Customer rating: ★ 8 / 10 · 1 review'],
  ] as const) {
    await context.addCookies([{ name: 'locale', value: locale, url: baseURL! }]);
    await page.unrouteAll();
    await page.route(FEEDBACK, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: answer(score, total) }));
    await page.goto(url);
    await expect(page.getByTestId('rating-product')).toHaveText(shown);
  }
});

test('a failed call or a status that is not ok shows nothing: no score, no error box', async ({ page, request }) => {
  const problems = pageProblems(page);
  const { url } = await simpleProductUrl(request, 5);
  for (const answer of [
    { status: 500, body: JSON.stringify({ code: 500, result: 'Internal error' }) },
    { status: 200, body: JSON.stringify({ code: 200, result: JSON.stringify({ status: 'error', link: LINK, score: 9, score_max: 10, total_reviews: 5 }) }) },
  ]) {
    await page.unrouteAll();
    await page.route(FEEDBACK, (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }));
    const answered = page.waitForResponse((r) => r.url().includes('/api/ext/feedback-company/getFeedbackReview'));
    await page.goto(url);
    await answered;
    // the widget has had its answer once the transaction half and the page are settled and nothing is in flight
    await settled(page);
    const inFlight = requestsInFlight(page);
    await inFlight.idle();
    await expect(page.locator('.rating--product')).toBeEmpty();
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(page.locator('.rating--footer')).toBeEmpty();
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
  // a 500 from the API is logged by the browser as a failed resource, which is not the page's error
  expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
});
