/**
 * CMS HTML (spec catalogue §3.5: CMS pages and blocks, product and category descriptions) is shop content from the
 * backend, shown as HTML but never with anything that runs. Sanitising needs an HTML parser with a DOM, which core
 * does not have: this port is DOMPurify over the browser's DOM in the client and over jsdom on the server
 * (adapters/html). The policy it applies is core's CMS_HTML_POLICY (core/catalogue/cms-html.ts).
 */
export interface HtmlSanitizer {
  /**
   * The html with everything executable removed (scripts, event handlers, script URLs, ...), or undefined while the
   * sanitiser is not loaded yet (the browser loads DOMPurify on demand): call load() and ask again.
   */
  sanitize(html: string): string | undefined;
  /** Makes sanitize() answer; resolves at once when it already does. */
  load(): Promise<void>;
}
