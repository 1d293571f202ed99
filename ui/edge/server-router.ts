/**
 * react-router-dom for the server render: the server bundle resolves `react-router-dom` to this module
 * (scripts/build.mjs SERVER_ROUTER), which re-exports the package and replaces only `Link`, through public API alone.
 *
 * Upstream's Link is written for a browser: per link it builds a click handler, resolves the path for navigation and
 * prefetch state, none of which a server writes; a category page renders a few hundred links, and with upstream's Link
 * its body render cost about 40 % more CPU. Here a link with a string target that upstream would write as a plain
 * `<a>` gets the same `<a>`: react-router's own `useHref`, the props upstream passes through, and `data-discover`. Any
 * other link (an absolute URL, reloadDocument, prefetch, mask) is upstream's. ui/edge/server-router.test.tsx renders
 * both for many targets and locations and compares them byte for byte.
 */
import { createElement, forwardRef, type ForwardedRef } from 'react';
import { Link as UpstreamLink, useHref, type LinkProps } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

type AnyLinkProps = LinkProps & { mask?: unknown; defaultShouldRevalidate?: unknown };

/** the props upstream's Link takes for itself, never written on the <a> */
const OWN_PROPS = new Set(['onClick', 'discover', 'prefetch', 'relative', 'reloadDocument', 'replace', 'mask', 'state', 'target', 'to', 'preventScrollReset', 'viewTransition', 'defaultShouldRevalidate']);

function ServerLink(props: AnyLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { to, relative, reloadDocument, mask, target, onClick } = props;
  const discover = props.discover === undefined ? 'render' : props.discover;
  const prefetch = props.prefetch === undefined ? 'none' : props.prefetch;
  if (typeof to !== 'string' || ABSOLUTE_URL.test(to) || reloadDocument || mask !== undefined || prefetch !== 'none') {
    return createElement(UpstreamLink, { ...props, ref } as LinkProps);
  }
  const href = useHref(to, relative ? { relative } : undefined);
  // the rest of the props in their order (as upstream's `...rest`), then what upstream sets, in its order
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
