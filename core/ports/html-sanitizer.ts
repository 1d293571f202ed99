/**
 * CMS HTML (spec catalogue §3.5) shown without anything that runs. Sanitising needs a DOM, which core has not: this is
 * DOMPurify over the browser's DOM or jsdom (adapters/html), applying CMS_HTML_POLICY (core/catalogue/cms-html.ts).
 */
export interface HtmlSanitizer {
  /** The html with everything executable removed, or undefined until load() has loaded the sanitiser. */
  sanitize(html: string): string | undefined;
  /** Makes sanitize() answer; resolves at once when it already does. */
  load(): Promise<void>;
}
