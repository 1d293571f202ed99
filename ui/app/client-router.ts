/**
 * react-router-dom for the browser bundle (scripts/build.mjs resolves the package here) with only `Link` replaced:
 * upstream's carries framework mode's prefetching and masked URLs, which a bundler cannot drop. This one writes the
 * same <a> and navigates through `AppNavigate`; a relative path or an object goes through `useHref`
 * (ui/app/server-router.ts does the same for the server render).
 */
import { createContext, createElement, forwardRef, useContext, useMemo, type ForwardedRef, type MouseEvent, type ReactNode } from 'react';
import { useHref, useNavigate, type LinkProps, type NavigateFunction } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

/** a path of this site whose href is itself (no dot segment, no empty `?` or `#`, which resolveTo would change) */
const SITE_PATH = /^\/(?![/\\])(?!.*\/\.)[^?#]*(?:\?[^#]+)?(?:#.+)?$/;

/** An absolute URL's path when it is of this document's origin (the app navigates to it), else undefined. */
function sameOriginPath(url: string): string | undefined {
  try {
    const u = new URL(url.startsWith('//') ? location.protocol + url : url);
    return u.origin === location.origin ? u.pathname + u.search + u.hash : undefined;
  } catch {
    return undefined;
  }
}

type Holder = { current: NavigateFunction | undefined };
const NavigateHolder = createContext<Holder | null>(null);

/** The router's navigate in a holder that never changes: links read no router state, so navigation re-renders none. */
export function AppNavigate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const holder = useMemo<Holder>(() => ({ current: undefined }), []);
  holder.current = navigate;
  return createElement(NavigateHolder.Provider, { value: holder }, children);
}

type Resolved = { props: LinkProps; href: string; inApp: string | undefined; forwarded: ForwardedRef<HTMLAnchorElement> };

/** The <a> upstream writes, navigating in the app on a click react-router would handle (its own rule). */
function Anchor({ props, href, inApp, forwarded }: Resolved) {
  const { onClick, discover = 'render', prefetch, relative, reloadDocument, replace, state, target, to, preventScrollReset, viewTransition, ...rest } = props;
  const holder = useContext(NavigateHolder);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const navigate = holder?.current;
    if (event.defaultPrevented || !navigate || inApp === undefined || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // as upstream: a link to the current location replaces its entry unless told otherwise
    void navigate(inApp, { replace: replace ?? window.location.pathname + window.location.search + window.location.hash === inApp, state, preventScrollReset, viewTransition });
  };
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  return createElement('a', { ...rest, href, onClick: reloadDocument ? onClick : click, ref: forwarded, target, 'data-discover': !absolute && discover === 'render' ? 'true' : undefined });
}

/** a link whose path react-router resolves (relative, an object, `relative`): upstream's `useHref` */
function ResolvedLink({ props, forwarded, to }: { props: LinkProps; forwarded: ForwardedRef<HTMLAnchorElement>; to: LinkProps['to'] }) {
  const href = useHref(to, { relative: props.relative });
  return createElement(Anchor, { props, href, inApp: href, forwarded });
}

function ClientLink(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const { to } = props;
  if (typeof to === 'string' && ABSOLUTE_URL.test(to)) return createElement(Anchor, { props, href: to, inApp: sameOriginPath(to), forwarded: ref });
  if (typeof to === 'string' && props.relative === undefined && SITE_PATH.test(to)) return createElement(Anchor, { props, href: to, inApp: to, forwarded: ref });
  return createElement(ResolvedLink, { props, forwarded: ref, to });
}

export const Link = forwardRef(ClientLink);
