import { JSDOM } from 'jsdom';
import createDOMPurify, { type WindowLike } from 'dompurify';
import type { HtmlSanitizer } from '../../core/ports/html-sanitizer';
import { DomPurifySanitizer } from './dompurify-sanitizer';

let shared: HtmlSanitizer | undefined;

/**
 * The server's HtmlSanitizer: DOMPurify over one jsdom window per process (a window costs a few MB; DOMPurify keeps no
 * state between calls). Node only.
 */
export function jsdomHtmlSanitizer(): HtmlSanitizer {
  shared ??= new DomPurifySanitizer(createDOMPurify(new JSDOM('').window as unknown as WindowLike));
  return shared;
}
