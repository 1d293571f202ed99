/**
 * react-router-dom for the browser bundle: scripts/build.mjs resolves `react-router-dom` to this module, which
 * re-exports the package and replaces only `Link`, through public API alone (ui/edge/server-router.ts does the same for
 * the server render).
 *
 * Upstream's Link carries framework mode's prefetching (prefetch links, their intent handlers, the route manifest they
 * read) and masked URLs; a <BrowserRouter> app uses neither, and a bundler cannot drop them while Link is used. This
 * Link writes the same <a> upstream writes for the props the shop passes (`useHref`, the rest of the props, `target`,
 * `data-discover`) and navigates with react-router's own `useLinkClickHandler` (modifier keys, other targets and
 * `replace`/`state`/`preventScrollReset` as upstream). An absolute URL keeps its href; one of this origin navigates in
 * the app, any other leaves it. `reloadDocument` loads the document.
 */
import { createElement, forwardRef, type ForwardedRef, type MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type LinkProps } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

/** An absolute URL's path when it is of this document's origin (the app navigates to it), else undefined. */
function sameOriginPath(url: string): string | undefined {
  try {
    const u = new URL(url.startsWith('//') ? location.protocol + url : url);
    return u.origin === location.origin ? u.pathname + u.search + u.hash : undefined;
  } catch {
    return undefined;
  }
}

function ClientLink(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { onClick, discover = 'render', prefetch, relative, reloadDocument, replace, state, target, to, preventScrollReset, viewTransition, ...rest } = props;
  void prefetch;
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const inApp = absolute ? sameOriginPath(to) : to;
  const href = useHref(inApp ?? '.', { relative });
  const navigate = useLinkClickHandler<HTMLAnchorElement>(inApp ?? '.', { replace, state, target, preventScrollReset, relative, viewTransition });
  const spa = inApp !== undefined && !reloadDocument;
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return createElement('a', { ...rest, href: absolute ? to : href, onClick: spa ? click : onClick, ref, target, 'data-discover': !absolute && discover === 'render' ? 'true' : undefined });
}

export const Link = forwardRef(ClientLink);
