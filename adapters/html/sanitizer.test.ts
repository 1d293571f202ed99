import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { generateCatalogue } from '../../test-fixtures/catalogue/index';
import { DOMPURIFY_BYPASS_PAYLOADS } from '../../test-fixtures/xss/dompurify-payloads';
import { jsdomHtmlSanitizer } from './jsdom-sanitizer';
import { DomPurifySanitizer, EscapingSanitizer } from './dompurify-sanitizer';

/**
 * What the shop renders must run nothing: the sanitised html is put into a fresh document as the browser does
 * (innerHTML), serialised and parsed again (a mutation between the two is how mXSS works), and then searched for
 * anything that runs or asks for input.
 */
const probe = new JSDOM('<!doctype html><body></body>').window;
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'codebase', 'dynsrc', 'lowsrc', 'srcdoc', 'from', 'to', 'values']);
const RUNNING = 'script, iframe, frame, frameset, object, embed, applet, base, meta, link, style, form, input, button, textarea, select, noscript, xmp, noembed';

function dangers(html: string): string[] {
  const found: string[] = [];
  const host = probe.document.createElement('div');
  host.innerHTML = html;
  host.innerHTML = host.innerHTML; // a second parse: mutation-based XSS shows up here
  for (const el of host.querySelectorAll(RUNNING)) found.push(`<${el.localName}>`);
  for (const el of [host, ...host.querySelectorAll('*')]) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      const value = attr.value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200b\u2028\u2029\u205f\u3000\ufeff]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${el.localName}[${name}]`);
      if (URL_ATTRS.has(name) && /^(javascript|vbscript|data):/.test(value) && !(name === 'src' && el.localName === 'img' && value.startsWith('data:image/'))) {
        found.push(`${el.localName}[${name}=${attr.value}]`);
      }
      // CSS runs no script in today's browsers (-o-link, behavior: were Opera Presto / old IE); expression() is flagged anyway
      if (name === 'style' && /expression\s*\(/i.test(attr.value)) found.push(`${el.localName}[style=${attr.value}]`);
    }
    if (el.localName === 'template' && (el as HTMLTemplateElement).content.querySelector(`${RUNNING}, [onerror], [onload]`)) found.push('<template> with a payload');
  }
  return found;
}

const server = jsdomHtmlSanitizer();
// the browser adapter's code path with a DOM (the one jsdom offers here; Chromium runs it in the e2e journey)
const browserLike = new DomPurifySanitizer(async () => createDOMPurify(new JSDOM('').window as unknown as WindowLike));

describe('CMS HTML sanitiser (DOMPurify over jsdom on the server) // spec catalogue §3.5', () => {
  it('neutralises the two payloads the regex sanitiser let through', () => {
    const img = server.sanitize('<img/src=x/onerror=alert(1)>')!;
    // parsed as HTML parses it: one unquoted src value 'x/onerror=alert(1)', no handler attribute
    expect(img).toBe('<img src="x/onerror=alert(1)">');
    const link = server.sanitize('<a href="&#106;avascript:alert(1)">klik</a>')!;
    expect(link).toBe('<a>klik</a>');
    expect(dangers(img)).toEqual([]);
    expect(dangers(link)).toEqual([]);
  });

  it(`neutralises every payload of DOMPurify's published bypass list (${DOMPURIFY_BYPASS_PAYLOADS.length} payloads), on the server and in the browser adapter`, async () => {
    await browserLike.load();
    // the check bites: the raw payloads are dangerous
    expect(DOMPURIFY_BYPASS_PAYLOADS.filter((p) => dangers(p).length > 0).length).toBeGreaterThan(DOMPURIFY_BYPASS_PAYLOADS.length / 2);
    for (const payload of DOMPURIFY_BYPASS_PAYLOADS) {
      expect(dangers(server.sanitize(payload)!), payload).toEqual([]);
      expect(dangers(browserLike.sanitize(payload)!), payload).toEqual([]);
    }
  });

  it('keeps the legitimate markup of the demo CMS pages and blocks (headings, lists, links, classes)', () => {
    const catalogue = generateCatalogue();
    for (const item of [...catalogue.cmsPages, ...catalogue.cmsBlocks]) {
      const clean = server.sanitize(item.content)!;
      const before = probe.document.createElement('div');
      before.innerHTML = item.content;
      const after = probe.document.createElement('div');
      after.innerHTML = clean;
      expect(after.innerHTML, item.identifier).toBe(before.innerHTML);
    }
  });

  it('keeps images, classes, styles, links, tables and data attributes of shop content', () => {
    const shop =
      '<div class="banner" style="background-color: #f5efe6; padding: 1rem"><h2 class="banner__title">Kerst</h2>' +
      '<img src="/img/600/744/resize/catalog/product/kerst.jpg" alt="Kerstpapier" width="600" height="744" class="banner__image" loading="lazy">' +
      '<p>Bekijk <a href="/inpakpapier/kerst" class="link">ons kerstpapier</a> of <a href="https://www.example.nl/" target="_blank" rel="noopener">de fabrikant</a>.</p>' +
      '<table class="sizes"><tbody><tr><th>Breedte</th><td>70 cm</td></tr></tbody></table>' +
      '<figure data-widget="slider"><img src="data:image/png;base64,iVBORw0KGgo=" alt=""><figcaption><em>Nieuw</em> &amp; <strong>mooi</strong></figcaption></figure></div>';
    expect(server.sanitize(shop)).toBe(shop);
  });

  it('drops forms and inline <style> elements from shop content (core CMS_HTML_POLICY), keeping the text of a form', () => {
    expect(server.sanitize('<p>a</p><style>body{display:none}</style><form action="https://evil.example/"><input name="password"><button>Log in</button></form>')).toBe('<p>a</p>Log in');
  });

  it('never leaves anything that runs, whatever the mix of fragments (property)', async () => {
    const parts = fc.constantFrom(
      '<script>', '</script>', '<img src=x onerror=alert(1)>', '<svg>', '</svg>', '<math>', '<mtext>', '<style>', '</style>', '<a href="', 'javascript:alert(1)', '&#106;avascript:', '">', '<iframe src=x>',
      '<!--', '-->', '<p title="', '<noscript>', '<template>', '<form>', '<mglyph>', 'text', ' onload=alert(1) ', '<table>', '</title>', '<title>', '<![CDATA[', ']]>',
    );
    fc.assert(
      fc.property(fc.array(parts, { maxLength: 16 }), (list) => {
        expect(dangers(server.sanitize(list.join(''))!)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('the browser adapter answers nothing until DOMPurify is loaded, then sanitises; the fallback escapes everything', async () => {
    let loads = 0;
    const lazy = new DomPurifySanitizer(async () => {
      loads++;
      return createDOMPurify(new JSDOM('').window as unknown as WindowLike);
    });
    expect(lazy.sanitize('<b onclick=x>b</b>')).toBeUndefined();
    await Promise.all([lazy.load(), lazy.load()]);
    expect(loads).toBe(1);
    expect(lazy.sanitize('<b onclick=x>b</b>')).toBe('<b>b</b>');
    expect(new EscapingSanitizer().sanitize('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });
});
