import type { Container } from 'inversify';
import { createServerContainer as createBaseServerContainer, type ContainerOptions } from './container';
import { jsdomHtmlSanitizer } from './html/jsdom-sanitizer';

/**
 * The server's container with what only Node has: CMS HTML sanitised by DOMPurify over jsdom. adapters/container.ts
 * is shared with the browser bundle and cannot import jsdom; server entries import createServerContainer from here.
 */
export function createServerContainer(options: ContainerOptions = {}): Container {
  return createBaseServerContainer({ htmlSanitizer: jsdomHtmlSanitizer(), ...options });
}
