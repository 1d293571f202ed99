import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeCmsHtml } from './cms-html';

describe('safeCmsHtml', () => {
  it('keeps the shop markup of the header and copyright blocks // spec catalogue §2.5, §2.6', () => {
    const usp = '<p class="usp">Vóór 16:00 besteld, vandaag verzonden &middot; 30 dagen gratis retour</p>';
    expect(safeCmsHtml(usp)).toBe(usp);
    expect(safeCmsHtml('<a href="/i/orders-retouren">Retour</a>')).toBe('<a href="/i/orders-retouren">Retour</a>');
    expect(safeCmsHtml(undefined)).toBe('');
  });
  it('strips scripts, event handlers and script URLs // spec catalogue §3.5 (CMS content rendered safely)', () => {
    expect(safeCmsHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(safeCmsHtml('<SCRIPT src="x.js"></SCRIPT >x')).toBe('x');
    expect(safeCmsHtml('<img src="a.png" onerror="alert(1)">')).toBe('<img src="a.png">');
    expect(safeCmsHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a href="#">x</a>');
    expect(safeCmsHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });
  it('never leaves a script element or an event attribute, whatever the input // spec catalogue §3.5', () => {
    const parts = fc.constantFrom('<script>', '</script>', '<scr', 'ipt>', '<p ', 'onclick="x"', ' onload=y ', '>', 'javascript:', '<a href="', '"', 'text', '<iframe src=x>', '</iframe>');
    fc.assert(
      fc.property(fc.array(parts, { maxLength: 20 }), (list) => {
        const out = safeCmsHtml(list.join(''));
        expect(out).not.toMatch(/<script/i);
        expect(out).not.toMatch(/<iframe/i);
        expect(out).not.toMatch(/\son[a-z]+\s*=/i);
      }),
    );
  });
});
