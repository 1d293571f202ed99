/**
 * CMS HTML (spec catalogue §3.5, §2.5 header block, §2.6 copyright block, product and category descriptions) is shop
 * content from the backend: it is rendered as HTML, but never with anything that runs and never with anything that
 * asks the shopper for input. The sanitising itself is the HtmlSanitizer port (core/ports/html-sanitizer.ts):
 * DOMPurify over a real DOM, the browser's or jsdom's. Regular expressions cannot parse HTML: the earlier regex
 * sanitiser let `<img/src=x/onerror=alert(1)>` and `<a href="&#106;avascript:alert(1)">` through.
 *
 * This is the policy both adapters apply on top of DOMPurify's defaults (which already drop scripts, event
 * handlers, javascript:/vbscript: URLs and data: URLs outside images and media).
 */
export interface CmsHtmlPolicy {
  /** elements removed with their content, besides DOMPurify's own list */
  readonly forbidTags: readonly string[];
  /** attributes removed wherever they appear */
  readonly forbidAttributes: readonly string[];
  /** attributes kept besides DOMPurify's own list */
  readonly addAttributes: readonly string[];
  /** data-* attributes are kept (CMS widgets use them; they do not run) */
  readonly allowDataAttributes: boolean;
}

export const CMS_HTML_POLICY: CmsHtmlPolicy = {
  // no forms (phishing inside shop content), no inline <style> (it restyles the whole shop); style attributes stay
  forbidTags: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'dialog'],
  forbidAttributes: ['formaction', 'autofocus'],
  // links to other sites may open a new tab (browsers imply rel=noopener for target=_blank)
  addAttributes: ['target'],
  allowDataAttributes: true,
};
