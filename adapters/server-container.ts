import type { Container } from 'inversify';
import { createServerContainer as createBaseServerContainer, type ContainerOptions } from './container';
import { jsdomHtmlSanitizer } from './html/jsdom-sanitizer';

/**
 * The server's container with what only Node has: CMS HTML sanitised by DOMPurify over jsdom. adapters/container.ts
 * is shared with the browser bundle and cannot import jsdom; Node code (tests, integrators) imports
 * createServerContainer from here. The server itself renders without the container: adapters/server-services.ts.
 */
export function createServerContainer(options: ContainerOptions = {}): Container {
  return createBaseServerContainer({ htmlSanitizer: jsdomHtmlSanitizer(), ...options });
}
