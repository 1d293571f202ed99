import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { createConfig } from '../../core/config';
import { createTestContainer } from '../../adapters/container';
import { createI18n } from '../i18n';
import { Root } from '../app/Root';
import { TRANSACTION_PAGES } from '../app/pages-transactions';
import { dehydrate } from '../app/dehydrate';

const config = createConfig({ api: { url: 'http://api.test' } });

/** A fetch answering get-payment-status as the payment service does (or failing without an answer). */
function paymentService(answer: { status: number; body: unknown } | 'no-answer'): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/get-payment-status')) return new Response(JSON.stringify({ code: 404, result: 'not here' }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (answer === 'no-answer') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

/** The order-status route as the server renders it (ui/entry-server.tsx): its chunk preloaded, its load awaited, the page rendered, the state dehydrated. */
async function serverRender(fetchImpl: typeof fetch, token = 'tok.en') {
  const container = createTestContainer({ config, fetch: fetchImpl });
  const path = `/order-status/${token}`;
  await TRANSACTION_PAGES['order-status']!.preload!();
  await TRANSACTION_PAGES['order-status']!.load!({ container, params: { order_token: token }, query: new URLSearchParams(), path });
  const html = renderToString(
    <Root container={container} i18n={createI18n('nl-NL', config)} router={(app) => <StaticRouter location={path}>{app}</StaticRouter>} />,
  );
  return { html, state: dehydrate(container)['orderStatus'] as { kind: string } };
}

const ok = (status: string) => ({ status: 200, body: { code: 200, result: { order: { increment_id: '000000042', customer_email: 'anne@example.nl' }, payment: { status } } } });

describe('order-status page, server-rendered (spec transactions §2, §4 payment status groups, §8)', () => {
  it.each([
    ['paid', 'success', 'gelukt', 'Je betaling voor deze bestelling is gelukt, bedankt voor je aankoop. We sturen de orderbevestiging en factuur zo naar anne@example.nl.'],
    ['open', 'pending', 'in behandeling', 'via anne@example.nl'],
    ['pending', 'pending', 'in behandeling', 'Je betaling voor deze bestelling is in behandeling.'],
    ['canceled', 'failed', 'mislukt', 'Je betaling voor deze bestelling is mislukt.'],
    ['expired', 'failed', 'mislukt', 'Je betaling voor deze bestelling is mislukt.'],
  ])('payment %s: heading with the increment id, %s label, its text with the e-mail', async (status, group, label, text) => {
    const { html, state } = await serverRender(paymentService(ok(status)));
    expect(html).toContain('Status van bestelling # 000000042');
    expect(html).toContain(`class="status-label status-label--${group}" data-status="${group}">${label}</span>`);
    expect(html).toContain(text);
    expect(state.kind).toBe(group);
  });

  it.each([
    ['a tampered token (403)', { status: 403, body: { code: 403, result: 'HASH_INCORRECT' } }, 'De controlecode klopt niet, dit is niet goed.'],
    ['an unknown token (404)', { status: 404, body: { code: 404, result: 'Invalid payment token' } }, 'Ongeldig betaaltoken'],
    ['an unknown payment status', ok('weird'), 'Er is een probleem met het ophalen van de betaalgegevens van je bestelling'],
    ['no answer', 'no-answer' as const, 'We konden de status van je betaling niet ophalen.'],
  ])('%s: the error text and the way home', async (_name, answer, text) => {
    const { html, state } = await serverRender(paymentService(answer));
    expect(html).toContain(`role="alert">${text}</p>`);
    expect(html).toContain('Terug naar de startpagina');
    expect(html).not.toContain('status-label');
    expect(state.kind).toBe('error');
  });
});
