/**
 * CMS HTML (spec catalogue §2.5, §2.6, §3.5, descriptions) renders without anything that runs or asks for input: the
 * HtmlSanitizer port (DOMPurify over a real DOM) applies this policy on top of DOMPurify's defaults.
 */
export const CMS_HTML_POLICY = {
  // removed with their content: no forms (phishing inside shop content), no inline <style> (it restyles the whole
  // shop); style attributes stay
  forbidTags: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'dialog'],
  forbidAttributes: ['formaction', 'autofocus'],
  // kept besides DOMPurify's own list: links to other sites may open a new tab (browsers imply rel=noopener)
  addAttributes: ['target'],
  // CMS widgets use data-* attributes; they do not run
  allowDataAttributes: true,
} as const;
