import { JSDOM } from 'jsdom';
import createDOMPurify, { type WindowLike } from 'dompurify';
import type { HtmlSanitizer } from '../../core/ports/html-sanitizer';
import { DomPurifySanitizer } from './dompurify-sanitizer';

let shared: HtmlSanitizer | undefined;

/**
 * The server's HtmlSanitizer: DOMPurify over a jsdom window, ready at once (no dynamic import on the server). One
 * per process: a jsdom window costs a few MB and DOMPurify keeps no state between calls. Node only: never import
 * this from code the browser bundle reaches (adapters/container.ts createServerContainer gives it to the server graphs).
 */
export function jsdomHtmlSanitizer(): HtmlSanitizer {
  shared ??= new DomPurifySanitizer(createDOMPurify(new JSDOM('').window as unknown as WindowLike));
  return shared;
}
