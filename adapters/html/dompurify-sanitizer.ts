import type { Config, DOMPurify } from 'dompurify';
import { CMS_HTML_POLICY } from '../../core/catalogue/cms-html';
import type { HtmlSanitizer } from '../../core/ports/html-sanitizer';

/** DOMPurify's settings for core's CMS_HTML_POLICY. */
const PURIFY_CONFIG: Config = {
  FORBID_TAGS: [...CMS_HTML_POLICY.forbidTags],
  FORBID_ATTR: [...CMS_HTML_POLICY.forbidAttributes],
  ADD_ATTR: [...CMS_HTML_POLICY.addAttributes],
  ALLOW_DATA_ATTR: CMS_HTML_POLICY.allowDataAttributes,
};

/** Sanitised answers kept per input (the same header block, footer block and descriptions come back on every page). */
const MEMO_MAX = 500;

/**
 * HtmlSanitizer over DOMPurify: given one (the server's, over jsdom) or a loader (the browser's dynamic import,
 * fetched only when CMS HTML must be sanitised there).
 */
export class DomPurifySanitizer implements HtmlSanitizer {
  private purify: DOMPurify | undefined;
  private loading: Promise<void> | undefined;
  private readonly memo = new Map<string, string>();

  constructor(private readonly source: DOMPurify | (() => Promise<DOMPurify>)) {
    if (typeof source !== 'function' || 'sanitize' in source) this.purify = source as DOMPurify;
  }

  sanitize(html: string): string | undefined {
    if (!html) return '';
    if (!this.purify) return undefined;
    const known = this.memo.get(html);
    if (known !== undefined) return known;
    const clean = this.purify.sanitize(html, PURIFY_CONFIG) as unknown as string;
    if (this.memo.size >= MEMO_MAX) this.memo.delete(this.memo.keys().next().value as string);
    this.memo.set(html, clean);
    return clean;
  }

  load(): Promise<void> {
    if (this.purify) return Promise.resolve();
    this.loading ??= (this.source as () => Promise<DOMPurify>)()
      .then((purify) => void (this.purify = purify))
      .catch((e: unknown) => {
        this.loading = undefined; // a failed chunk load (offline) may be retried
        throw e;
      });
    return this.loading;
  }
}

/** The browser's: DOMPurify over the page's own DOM, imported on first use. */
export function browserHtmlSanitizer(): HtmlSanitizer {
  return new DomPurifySanitizer(() => import('dompurify').then((m) => m.default));
}

/** Where no DOM is at hand (tests): the html is shown as escaped text. */
export class EscapingSanitizer implements HtmlSanitizer {
  sanitize(html: string): string {
    return html.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
  }
  load(): Promise<void> {
    return Promise.resolve();
  }
}
