/**
 * What the current catalogue page resolved to (spec catalogue §2.3, §4.1): a product, category or CMS page (200),
 * nothing (404), or a failed load with its error. The server ships this state so the hydrated page shows the same.
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import { MESSAGES, isShopError, type MessageKey } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import { homeLink } from './links';
import { EMPTY_RESULT_KEYS, type RouteResolution } from './dispatcher';

export type ResolvedPageKind = 'product' | 'category' | 'cms_page' | 'not-found';

export interface PageError {
  readonly key: MessageKey;
  readonly params: Readonly<Record<string, string | number>>;
}

export interface PageResolutionState {
  /** the path (with query) this state belongs to */
  readonly path?: string;
  readonly kind?: ResolvedPageKind;
  readonly status: number;
  readonly error?: PageError;
}

/** spec catalogue §2.3: a product, category or CMS match renders that page (200); nothing is the not-found page (404). */
export function resolvedPage({ kind }: RouteResolution): { kind: ResolvedPageKind; status: 200 | 404 } {
  return kind === 'route' || kind === 'not-found' ? { kind: 'not-found', status: 404 } : { kind, status: 200 };
}

/** spec catalogue §2.3: the notification of a failed navigation, an error with an OK action */
export interface NavigationFailure {
  readonly type: 'danger';
  readonly message: MessageKey;
  readonly params: Readonly<Record<string, string | number>>;
  readonly action: typeof MESSAGES.ok;
}

export type LoadFailureOutcome =
  /** the page renders the error (the server answers with this status) */
  | { readonly kind: 'show'; readonly status: number; readonly error: PageError }
  /** spec catalogue §2.3: notify and go to the store's home route */
  | { readonly kind: 'redirect'; readonly notification: NavigationFailure; readonly to: string };

/** The status of a page the backend could not serve (the HTTP edge adds Retry-After to it). */
export const UNAVAILABLE_STATUS = 503;

/**
 * Whether a failed load means "the shop has no such page" or "the backend could not answer" (a slow or absent API is
 * never "not found"). Only a real answer is not-found: a core ShopError (spec catalogue §2.3, §4.1, §8) or the API's own
 * 404 / 410 / 400; no answer, a 5xx, 408, 429 or any other 4xx is unavailable.
 */
export function loadFailureKind(error: unknown): 'not-found' | 'unavailable' {
  if (isShopError(error)) return 'not-found';
  if (isApiError(error) && (error.status === 404 || error.status === 410 || error.status === 400)) return 'not-found';
  return 'unavailable';
}

/** The first of some failed reads (undefined = it went fine) that makes the page unavailable, if any. */
export function unavailableCause(errors: readonly unknown[]): unknown {
  return errors.find((e) => e !== undefined && e !== null && loadFailureKind(e) === 'unavailable');
}

/** What a failed load can know besides its error (spec catalogue §2.3): facts about the network, never a wording. */
export interface LoadFailureFacts {
  readonly runtime: 'server' | 'browser';
  /** the Network port: `false` is reliable, `true` is not (a LAN without internet, a worker's offline answer) */
  readonly online: boolean;
  /** this document is the service worker's cached answer: the shop was not reachable a moment ago */
  readonly servedFromWorkerCache?: boolean;
}

/**
 * spec catalogue §2.3, §8: the one rule that classifies a failed navigation load, by the error's type and fields only
 * (never its message). The server knows no offline (404 or 503). In the browser an empty result or no connection is
 * offline; a timeout is offline only when the Network port or the worker's cached answer says so, else the shop is
 * only slow. An answer is judged by its status.
 */
export function classifyLoadFailure(error: unknown, facts: LoadFailureFacts): 'offline' | 'not-found' | 'unavailable' {
  const emptyResult = isShopError(error) && EMPTY_RESULT_KEYS.includes(error.key);
  if (emptyResult) return facts.runtime === 'server' ? 'not-found' : 'offline';
  if (loadFailureKind(error) === 'not-found') return 'not-found';
  if (facts.runtime === 'browser' && isNetworkError(error)) {
    return !error.timedOut || !facts.online || facts.servedFromWorkerCache === true ? 'offline' : 'unavailable';
  }
  return 'unavailable';
}

/**
 * spec catalogue §2.3, §4.1: a navigation whose data load failed, as classifyLoadFailure says: offline notifies 'not
 * available in Offline mode. Redirecting to Home.' and goes home; otherwise the page shows the 404 or the 503 error.
 */
export function loadFailureOutcome(error: unknown, facts: LoadFailureFacts, config: ShopConfig, storeCode?: string): LoadFailureOutcome {
  switch (classifyLoadFailure(error, facts)) {
    case 'offline': {
      const message = MESSAGES.offlineRedirectHome;
      const notification = { type: 'danger', message, params: {}, action: MESSAGES.ok } as const;
      return { kind: 'redirect', notification, to: homeLink(config, storeCode) };
    }
    case 'unavailable':
      return { kind: 'show', status: UNAVAILABLE_STATUS, error: { key: MESSAGES.shopUnavailable, params: {} } };
    case 'not-found': {
      if (isShopError(error)) return { kind: 'show', status: 404, error: { key: error.key, params: error.params } };
      return { kind: 'show', status: 404, error: { key: MESSAGES.routeNotFound, params: {} } };
    }
  }
}

/** The page of `path` could not be served because the backend did not answer: show 'try again in a moment'. */
export function pageUnavailable(state: PageResolutionState, path: string): boolean {
  return state.path === path && state.status === UNAVAILABLE_STATUS && state.error?.key === MESSAGES.shopUnavailable;
}

export class PageResolutionService extends StateHolder<PageResolutionState> {
  constructor() {
    super({ status: 200 });
  }

  /** A path resolved or loaded fine as a page kind (status from spec §2.3 unless given). */
  resolved(path: string, kind: ResolvedPageKind, status: number = kind === 'not-found' ? 404 : 200): void {
    this.state.next({ path, kind, status });
  }
  /** The load of a path failed: the page shows the error. */
  failed(path: string, error: PageError, status: number, kind?: ResolvedPageKind): void {
    this.state.next({ path, status, error, ...(kind ? { kind } : {}) });
  }
}
