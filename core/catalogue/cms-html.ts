/**
 * CMS HTML (spec catalogue §3.5, §2.5 header block, §2.6 copyright block) is shop content from the backend: it is
 * rendered as HTML, but never with scripts. This removes script/style-free executable parts: <script>, <iframe>,
 * <object>, <embed>, <base>, <meta> and <link> elements, on* event attributes and javascript:/vbscript:/data:
 * URLs in href/src/action attributes. Markup and text stay as written.
 */
const DANGEROUS_ELEMENTS = ['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'applet', 'base', 'meta', 'link', 'noscript', 'template'];

export function safeCmsHtml(html: string | undefined | null): string {
  if (!html) return '';
  let out = html;
  let before: string;
  do {
    before = out;
    for (const tag of DANGEROUS_ELEMENTS) {
      out = out.replace(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}\\s*>`, 'gi'), '');
      out = out.replace(new RegExp(`<\\/?${tag}\\b[^>]*>?`, 'gi'), '');
    }
    out = out.replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '');
    out = out.replace(/\s(href|src|action|formaction|xlink:href)\s*=\s*("\s*(?:javascript|vbscript|data):[^"]*"|'\s*(?:javascript|vbscript|data):[^']*'|(?:javascript|vbscript|data):[^\s>]*)/gi, ' $1="#"');
  } while (out !== before);
  return out;
}
