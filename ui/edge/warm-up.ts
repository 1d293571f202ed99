// A worker renders a few pages before it takes connections (cold, a render cost ~3x the CPU): home, then the first
// new link of each page's main content, up to `pages`; then those in turn. It stops at the first answer not a 200.
export interface WarmUpOptions {
  /** renders in all (0: none) */
  renders: number;
  /** stop after this long (ms), whatever the count */
  maxMs: number;
  /** distinct pages at most (default 4) */
  pages?: number;
}

/** one GET of a page through the server's own handler (no socket): its status and, when asked for, its HTML */
export type PageGet = (path: string, options: { compressed: boolean }) => Promise<{ status: number; html: string }>;

/** paths that are not pages (the bundle, images, the API pass-through, shared documents, the sitemap) */
const NOT_A_PAGE = /^\/(?:dist|img|api|shop-data|invalidate|sitemap\.xml|robots\.txt|favicon)(?:[/?.]|$)/;

/** a document's same-origin page links, those of its main content first, in document order, once each */
export function pageLinks(html: string): string[] {
  const out = new Set<string>();
  const main = html.search(/<main\b[^>]*\sid="main"/);
  const content = main >= 0 ? html.slice(main) + html.slice(0, main) : html;
  for (const m of content.matchAll(/\shref="(\/[^"#]*)"/g)) {
    const path = m[1]!.replace(/&amp;/g, '&');
    // '//host' is another origin; a path with a dot-segment is refused by the server anyway
    if (path.startsWith('//') || NOT_A_PAGE.test(path) || /(?:^|\/)\.\.?(?:\/|$)/.test(path)) continue;
    out.add(path);
  }
  return [...out];
}

export async function warmUp(get: PageGet, options: WarmUpOptions, now = () => performance.now()) {
  const started = now();
  const wanted = Math.max(1, options.pages ?? 4);
  const pages: string[] = [];
  let renders = 0;
  let next: string | undefined = '/';
  /** why it stopped early: a page's status, an error, or the time */
  let stopped: string | undefined;
  try {
    while (renders < options.renders && stopped === undefined) {
      if (now() - started >= options.maxMs) {
        stopped = `${options.maxMs} ms passed`;
        break;
      }
      // first find the pages (each the first link of the one before not seen yet), then each in turn, compressed
      const finding = next !== undefined && pages.length < wanted;
      const path = finding ? next! : pages[renders % pages.length]!;
      const { status, html } = await get(path, { compressed: !finding });
      renders++;
      if (status !== 200) stopped = `${path} answered ${status}`;
      else if (finding) {
        pages.push(path);
        next = pageLinks(html).find((p) => !pages.includes(p));
      }
    }
  } catch (e) {
    stopped = e instanceof Error ? e.message : String(e);
  }
  return { renders, pages, ms: Math.round(now() - started), stopped };
}
