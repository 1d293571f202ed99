import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeHtml, greetingName, html, mailSubject, textToHtml } from './mail';
import { SHOP_MAILBOX } from './index';
import { startTestBackend, type TestBackend } from './test-helpers';

/** Markup injections from the usual cheat sheets: tags, attributes, entities, template syntax, links. */
const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '<a href="https://evil.example/login">Klik hier om je account te bevestigen</a>',
  '<body onload=alert(1)>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<form action=https://evil.example/><input name=p></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  'javascript:alert(1)',
  'Klik op www.evil.example/reset om je wachtwoord te houden',
  '</p><p>Je account is geblokkeerd. Bel 0900-1234.',
  'Jan\r\nBcc: iedereen@example.nl',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
];

/** The tags of a mail body; a template's own tags only, whatever was put into it. */
const tagsOf = (body: string) => [...new Set(body.match(/<[^>]*>/g) ?? [])];
/** What a mail client shows of a body's text: the entities decoded. */
const shown = (body: string) =>
  body.replace(/<br>/g, '\n').replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('mail template', () => {
  it('escapes every value, in text and in attributes; only its own markup is markup', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...PAYLOADS), fc.string({ unit: 'binary' })), (value) => {
        const body = html`<p>Beste ${value},</p><p><a href="${value}">${value}</a></p>`.html;
        expect(tagsOf(body).every((t) => t === '<p>' || t === '</p>' || t === '</a>' || /^<a href="[^"<>]*">$/.test(t))).toBe(true);
        expect(shown(escapeHtml(value))).toBe(value);
        expect(shown(textToHtml(value).html)).toBe(value.replace(/\r\n?/g, '\n'));
      }),
    );
  });

  it('greets by a first name only when it reads as one; a subject is one line', () => {
    for (const name of ['Kim', 'Anne-Marie', "D'Angelo", 'José', 'Ólafur Arnalds', 'J. R.', 'Zoë']) expect(greetingName(name)).toBe(name);
    for (const p of [...PAYLOADS, 'www.evil.example', 'evil.example']) expect(greetingName(p)).toBeUndefined();
    expect(greetingName('x'.repeat(41))).toBeUndefined();
    expect(mailSubject('Hallo\r\nBcc: iedereen@example.nl')).toBe('Hallo Bcc: iedereen@example.nl');
  });
});

describe('the shop mails no markup it was sent', () => {
  let be: TestBackend;
  beforeAll(async () => {
    be = await startTestBackend();
  });
  afterAll(() => be.close());
  const outbox = async (to: string) => (await be.call('GET', `/__dev/outbox?to=${encodeURIComponent(to)}`)).json.result as Array<{ subject: string; body: string }>;

  it('the reset mail of an account whose first name is a payload has only its own markup and greets with no name', async () => {
    for (const [i, payload] of PAYLOADS.entries()) {
      const email = `doelwit${i}@example.nl`;
      const created = await be.call('POST', '/api/user/create', { customer: { email, firstname: payload, lastname: payload }, password: 'Geheim123!' });
      expect(created.status).toBe(200);
      expect((await be.call('POST', '/api/user/reset-password', { email })).status).toBe(200);
      const [mail] = await outbox(email);
      expect(mail).toBeDefined();
      const tags = tagsOf(mail!.body);
      expect(tags.filter((t) => !/^<\/?p>$|^<\/a>$|^<a href="http:\/\/127\.0\.0\.1:3000\/create-password\?resetToken=[\w-]+&amp;email=[^"<>]+">$/.test(t))).toEqual([]);
      expect(mail!.body).toMatch(/^<p>Beste klant,<\/p>/);
      expect(mail!.body).not.toContain('evil.example');
    }
    // an ordinary first name is the greeting
    await be.call('POST', '/api/user/create', { customer: { email: 'kim@example.nl', firstname: 'Kim', lastname: 'de Vries' }, password: 'Geheim123!' });
    await be.call('POST', '/api/user/reset-password', { email: 'kim@example.nl' });
    expect((await outbox('kim@example.nl'))[0]!.body).toMatch(/^<p>Beste Kim,<\/p>/);
  });

  it("a visitor's message reaches the shop as text, every payload shown as written", async () => {
    for (const payload of PAYLOADS) {
      const token = (await be.call('GET', '/api/ext/mail-service/get-token')).json.result as string;
      const sent = await be.call('POST', '/api/ext/mail-service/send-email', { sourceAddress: 'bezoeker@example.nl', targetAddress: SHOP_MAILBOX, subject: payload, emailText: payload, token });
      expect(sent.status).toBe(200);
      const [mail] = await outbox(SHOP_MAILBOX);
      expect(tagsOf(mail!.body).filter((t) => !['<p>', '</p>', '<br>'].includes(t))).toEqual([]);
      expect(shown(mail!.body)).toBe(payload.replace(/\r\n?/g, '\n'));
      expect(mail!.subject).not.toMatch(/[\r\n]/);
    }
  });
});
