/**
 * react-router-dom for the browser bundle (scripts/build.mjs resolves the package to this module): the package with
 * only `Link` replaced, through public API (ui/app/server-router.ts does the same for the server render). Upstream's
 * Link carries framework mode's prefetching and masked URLs, which a <BrowserRouter> app never uses and a bundler
 * cannot drop. This Link writes the same <a> for the props the shop passes and navigates through `AppNavigate` on a
 * click react-router would handle; a path of this site is its own href, a relative path or an object goes through
 * `useHref`.
 */
import { createContext, createElement, forwardRef, useContext, useMemo, type ForwardedRef, type MouseEvent, type ReactNode } from 'react';
import { useHref, useNavigate, type LinkProps, type NavigateFunction } from 'react-router-dom';

export * from 'react-router-dom';

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

/**
 * a path of this site (one slash) whose href is itself, whatever the current location: react-router's resolveTo
 * changes only dot segments and an empty `?` or `#`, which this leaves to `useHref`
 */
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

/**
 * The router's navigate function for every link, in a holder that never changes (rendered once inside the router,
 * ui/app/App.tsx): a link to a path of this site then reads no router state and does not re-render on navigation.
 */
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
