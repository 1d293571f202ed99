/**
 * What the current catalogue page resolved to (spec catalogue §2.3, §4.1): the page-not-found route dispatches
 * a path to a product, category or CMS page (status 200) or to nothing (status 404), and a load that fails
 * keeps its error for the page to show. A second front end renders from this state; the server ships it to
 * the browser so the hydrated page shows the same thing.
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { ShopConfig } from '../config';
import { MESSAGES, isShopError, type MessageKey } from '../messages';
import { isApiError, isNetworkError } from '../ports/api-error';
import { homeLink } from './links';
import { isEmptyResultError, navigationFailure, type NavigationFailure, type RouteResolution } from './dispatcher';

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

export const EMPTY_PAGE_RESOLUTION: PageResolutionState = { status: 200 };

/** spec catalogue §2.3: a product, category or CMS match renders that page (200); nothing is the not-found page (404). */
export function resolvedPage(resolution: RouteResolution): { kind: ResolvedPageKind; status: 200 | 404 } {
  switch (resolution.kind) {
    case 'product':
    case 'category':
    case 'cms_page':
      return { kind: resolution.kind, status: 200 };
    default:
      return { kind: 'not-found', status: 404 };
  }
}

export type LoadFailureOutcome =
  /** the page renders the error (the server answers with this status) */
  | { readonly kind: 'show'; readonly status: number; readonly error: PageError }
  /** spec catalogue §2.3: notify (OK action) and go to the store's home route */
  | { readonly kind: 'redirect'; readonly notification: NavigationFailure; readonly to: string };

/** The status of a page the backend could not serve (the HTTP edge adds Retry-After to it). */
export const UNAVAILABLE_STATUS = 503;

export type LoadFailureKind = 'not-found' | 'unavailable';

/**
 * Which failed loads mean "the shop has no such page" and which "the backend could not answer" (a slow
 * or absent API must never turn into "not found"). Only a real answer is not-found: the core's empty-result and
 * status/visibility errors (spec catalogue §2.3, §4.1, §8: raised on an answer that holds nothing showable), an
 * unknown entity type in a mapping, or the API's own 404 / 410 / 400 for what was asked. Everything else is
 * unavailable: no answer at all (timeout, connection refused: NetworkError), a 5xx, a 408/429, any other 4xx
 * (the shop's own credentials or configuration, not the page), and unexpected errors.
 */
export function loadFailureKind(error: unknown): LoadFailureKind {
  if (isShopError(error)) return 'not-found';
  if (isApiError(error) && (error.status === 404 || error.status === 410 || error.status === 400)) return 'not-found';
  return 'unavailable';
}

/** The first of some failed reads (undefined = it went fine) that makes the page unavailable, if any. */
export function unavailableCause(errors: readonly unknown[]): unknown {
  return errors.find((e) => e !== undefined && e !== null && loadFailureKind(e) === 'unavailable');
}

/**
 * spec catalogue §2.3, §4.1: a navigation whose data load failed. In the browser an empty-result error
 * ('... query returned empty result ...') notifies 'not available in Offline mode. Redirecting to Home.' and
 * redirects home; on the server (and for other errors) the page shows the error: 404 when the backend answered
 * that there is no such product, category or page, 503 when it could not answer (loadFailureKind).
 *
 * In the browser while the shopper is offline (`offline`: the Network port), a load that got no answer
 * and found nothing in the local cache is the same offline case as an empty offline result (spec catalogue §8:
 * 'Search failure on the client, offline: empty result flagged offline', which §2.3 turns into that notice): the
 * page is not available in offline mode, so it notifies and goes home; never "not found". Online, a load with no
 * answer (a timeout) is the 503 'the shop is briefly unavailable, try again' page, as on the server.
 */
export function loadFailureOutcome(error: unknown, runtime: 'server' | 'browser', config: ShopConfig, storeCode?: string, offline = false): LoadFailureOutcome {
  const failure = navigationFailure(error, config, storeCode);
  if (runtime === 'browser' && failure.redirect !== undefined) return { kind: 'redirect', notification: failure, to: failure.redirect };
  if (runtime === 'browser' && offline && isNetworkError(error)) {
    const notification: NavigationFailure = { type: 'danger', message: MESSAGES.offlineRedirectHome, params: {}, action: MESSAGES.ok, redirect: homeLink(config, storeCode) };
    return { kind: 'redirect', notification, to: notification.redirect! };
  }
  if (loadFailureKind(error) === 'unavailable') return { kind: 'show', status: UNAVAILABLE_STATUS, error: { key: MESSAGES.shopUnavailable, params: {} } };
  const key = isShopError(error) ? error.key : failure.message;
  return { kind: 'show', status: 404, error: { key, params: isShopError(error) ? error.params : {} } };
}

/** The page of `path` could not be served because the backend did not answer: show 'try again in a moment'. */
export function pageUnavailable(state: PageResolutionState, path: string): boolean {
  return state.path === path && state.status === UNAVAILABLE_STATUS && state.error?.key === MESSAGES.shopUnavailable;
}

export class PageResolutionService {
  private readonly state = new BehaviorSubject<PageResolutionState>(EMPTY_PAGE_RESOLUTION);
  readonly state$: Observable<PageResolutionState> = this.state.pipe(distinctUntilChanged());

  snapshot(): PageResolutionState {
    return this.state.value;
  }
  hydrate(state: PageResolutionState): void {
    this.state.next(state);
  }
  /** A path resolved to a page kind (status from spec §2.3 unless given). */
  resolved(path: string, kind: ResolvedPageKind, status: number = kind === 'not-found' ? 404 : 200): void {
    this.state.next({ path, kind, status });
  }
  /** The load of a path failed: the page shows the error. */
  failed(path: string, error: PageError, status: number, kind?: ResolvedPageKind): void {
    this.state.next({ path, status, error, ...(kind ? { kind } : {}) });
  }
  /** A route that needs no dispatching (a category or product route) loaded fine. */
  clear(path: string, kind?: ResolvedPageKind): void {
    this.state.next({ path, status: 200, ...(kind ? { kind } : {}) });
  }
}
