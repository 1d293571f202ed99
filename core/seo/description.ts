/**
 * The meta description of a page (SEO basics): plain text from the page's own HTML fields (spec catalogue §3.1, §3.2,
 * §3.5), else the locale's fallback text; the head writer escapes it.
 */
import { ownEntry } from '../dictionary';

/** Longer descriptions are cut by search engines anyway (about 155-160 characters shown). */
export const META_DESCRIPTION_MAX = 160;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', euro: '€', hellip: '…', ndash: '–', mdash: '—' };

/** tags inside a line of text: removed without a space ('<b>rood</b>.' reads 'rood.') */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'del', 'ins']);

function decodeEntity(whole: string, body: string): string {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  }
  return ownEntry(ENTITIES, body.toLowerCase()) ?? whole;
}

/**
 * The text of an HTML fragment: scripts, styles and comments dropped, tags removed (a block's bounds become a space),
 * entities decoded, whitespace collapsed. Not a sanitiser: its output is text, escaped wherever it is written.
 */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<\/?([a-z][a-z0-9-]*)[^>]*>?/gi, (_m, tag: string) => (INLINE.has(tag.toLowerCase()) ? '' : ' '))
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut a text to `max` characters at a word boundary, with '…' when something was cut. */
export function truncateText(text: string, max = META_DESCRIPTION_MAX): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The first candidate with text in it, as plain text within the length; the fallback when none has any. */
export function metaDescription(candidates: readonly (string | null | undefined)[], fallback: string): string {
  return truncateText(candidates.map(plainText).find((text) => text !== '') ?? plainText(fallback));
}
