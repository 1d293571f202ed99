/**
 * react-router-dom for the server bundle (scripts/build.mjs SERVER_SHIMS) with Link replaced, through public API alone:
 * upstream's builds handlers and state a server never writes (a category body rendered ~40 % slower). A link upstream
 * writes as a plain `<a>` gets that `<a>` (server-router.test.tsx compares both byte for byte); others are upstream's.
 */
import { createElement, forwardRef, type ForwardedRef } from 'react';
import { Link as UpstreamLink, useHref, type LinkProps } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

type AnyLinkProps = LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };

/** the props upstream's Link takes for itself, never written on the <a> */
const OWN_PROPS = new Set([
  'onClick', 'discover', 'prefetch', 'relative', 'reloadDocument', 'replace', 'mask', 'state', 'target', 'to',
  'preventScrollReset', 'viewTransition', 'defaultShouldRevalidate',
]);

function ServerLink(props: AnyLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { to, relative, reloadDocument, mask, target, onClick, discover = 'render', prefetch = 'none' } = props;
  if (typeof to !== 'string' || ABSOLUTE_URL.test(to) || reloadDocument || mask !== undefined || prefetch !== 'none') {
    return createElement(UpstreamLink, { ...props, ref } as LinkProps);
  }
  const href = useHref(to, relative ? { relative } : undefined);
  // the rest of the props in their order (as upstream's `...rest`), then what upstream sets, in its order; a loop,
  // not Object.entries and a spread: those made 300 links render 2-3x slower
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(props)) if (!OWN_PROPS.has(k)) a[k] = (props as unknown as Record<string, unknown>)[k];
  a['href'] = href;
  a['onClick'] = onClick;
  a['ref'] = ref;
  a['target'] = target;
  a['data-discover'] = discover === 'render' ? 'true' : undefined;
  return createElement('a', a);
}

export const Link = forwardRef(ServerLink);
Link.displayName = 'Link';
