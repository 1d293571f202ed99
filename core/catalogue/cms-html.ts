/**
 * CMS HTML (spec catalogue §2.5, §2.6, §3.5, descriptions) renders without anything that runs or asks for input: the
 * HtmlSanitizer port (DOMPurify over a real DOM) applies this policy on top of DOMPurify's defaults.
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
