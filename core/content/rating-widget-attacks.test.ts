/**
 * The rating widget's data comes from a third party (the feedback company, through the API) and its link is put in
 * the page as an <a href> (ui/components/content/RatingWidget.tsx): spec catalogue §3.8. Hostile answers: schemes
 * that run script, links that leave the web, very long links, markup and numbers of the wrong type.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { ratingWidget } from './review-service';

const ok = { status: 'ok', score: 9.2, score_max: 10, total_reviews: 1234 };
const widget = (extra: Record<string, unknown>) => ratingWidget({ ...ok, ...extra });

describe('the rating widget link', () => {
  it('script, data, file and protocol-relative links are dropped; http(s) links stay', () => {
    for (const link of [
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example/x', '/relative',
      'ftp://x.example/', 'blob:https://x.example/1', '', 'https://', 'http://[::1', 'x'.repeat(3000),
    ]) {
      expect(widget({ link })?.link, link.slice(0, 40)).toBeUndefined();
    }
    expect(widget({ link: 'https://www.feedbackcompany.com/nl-nl/reviews/papier-en-lint/' })?.link).toBe('https://www.feedbackcompany.com/nl-nl/reviews/papier-en-lint/');
  });

  it('a very long link is dropped (not written into every page that shows the widget)', () => {
    expect(widget({ link: `https://reviews.example/${'a'.repeat(100_000)}` })?.link).toBeUndefined();
  });

  it('markup in a link is escaped by the URL parser and React: no element or attribute comes from it', () => {
    const r = widget({ link: 'https://x.example/"><img src=x onerror=alert(1)>' });
    const html = renderToStaticMarkup(createElement('a', { href: r?.link }, 'x'));
    expect(html).not.toMatch(/<img|"\s*onerror/);
  });

  it('numbers of the wrong type (non-numeric strings, arrays, objects, Infinity) show no widget', () => {
    for (const bad of [{ score: ' ' }, { score: [9] }, { score_max: 'ten' }, { score: Infinity, score_max: Infinity }, { total_reviews: [3] }, { score: { valueOf: () => 5 } }, { score: '<b>9</b>' }]) {
      expect(widget(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('property: whatever the answer, a widget is numbers and an http(s) link of at most 2,048 characters', () => {
    fc.assert(
      fc.property(fc.record({ status: fc.anything(), score: fc.anything(), score_max: fc.anything(), total_reviews: fc.anything(), link: fc.oneof(fc.anything(), fc.webUrl(), fc.string()) }, { requiredKeys: [] }), (answer) => {
        const w = ratingWidget(answer);
        if (!w) return;
        for (const n of [w.score, w.scoreMax, w.totalReviews]) expect(Number.isFinite(n) && typeof n === 'number').toBe(true);
        if (w.link !== undefined) {
          expect(w.link).toMatch(/^https?:\/\//);
          expect(w.link.length).toBeLessThanOrEqual(2048);
        }
      }),
    );
  });
});
