/**
 * react-router-dom for the server render (issue 8: CPU per render). The server bundle resolves `react-router-dom` to
 * this module (scripts/build.mjs, SERVER_ROUTER), which re-exports the package and replaces only `Link`.
 *
 * Upstream's Link is written for a browser: per link it builds a click handler (useLinkClickHandler: navigate,
 * location, resolved path), prefetch state (two useState, a ref, an effect), merged refs and a parsed target, none of
 * which reaches the HTML a server writes (event handlers, refs and effects are not rendered). A category page has ~100
 * links; upstream's Link was 5 % of its render's CPU. Here a link to a path (a string that is not an absolute URL) is
 * the same <a> with the same attributes in the same order: `href` from react-router's own useHref (same resolution,
 * basename and encoding), `data-discover` as upstream sets it. Anything else (an object target, an absolute URL,
 * reloadDocument, a mask, prefetching) is upstream's Link, which is also what the browser always runs.
 */
import { createElement, forwardRef, type ForwardedRef } from 'react';
import { Link as UpstreamLink, useHref, type LinkProps } from 'react-router-dom';

export * from 'react-router-dom';

/** react-router's ABSOLUTE_URL_REGEX: a scheme, or a protocol-relative '//' (or '\\') */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

type AnyLinkProps = LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };

function ServerLink(props: AnyLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  // the props upstream takes for itself (never spread on the <a>), in its order
  const {
    onClick,
    discover = 'render',
    prefetch = 'none',
    relative,
    reloadDocument,
    replace: _replace,
    mask,
    state: _state,
    target,
    to,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props;
  if (typeof to !== 'string' || ABSOLUTE_URL.test(to) || reloadDocument || mask !== undefined || prefetch !== 'none') {
    return createElement(UpstreamLink, { ...props, ref } as LinkProps);
  }
  // one hook, always called on this path (a server render renders each element once)
  const href = useHref(to, relative ? { relative } : undefined);
  return createElement('a', { ...rest, href, onClick, ref, target, 'data-discover': discover === 'render' ? 'true' : undefined });
}

export const Link = forwardRef(ServerLink);
Link.displayName = 'Link';
