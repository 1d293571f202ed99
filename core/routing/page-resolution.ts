/**
 * What the current catalogue page resolved to (spec catalogue §2.3, §4.1): the page-not-found route dispatches
 * a path to a product, category or CMS page (status 200) or to nothing (status 404), and a load that fails
 * keeps its error for the page to show. A second front end renders from this state; the server ships it to
 * the browser so the hydrated page shows the same thing.
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import type { ShopConfig } from '../config';
import { isShopError, type MessageKey } from '../messages';
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

/**
 * spec catalogue §2.3, §4.1: a navigation whose data load failed. In the browser an empty-result error
 * ('... query returned empty result ...') notifies 'not available in Offline mode. Redirecting to Home.' and
 * redirects home; on the server (and for other errors) the page shows the error: 404 for an empty result
 * (the product, category or page does not exist for the shopper), 503 when the backend could not answer.
 */
export function loadFailureOutcome(error: unknown, runtime: 'server' | 'browser', config: ShopConfig, storeCode?: string): LoadFailureOutcome {
  const failure = navigationFailure(error, config, storeCode);
  if (runtime === 'browser' && failure.redirect !== undefined) return { kind: 'redirect', notification: failure, to: failure.redirect };
  const status = isShopError(error) ? 404 : 503;
  const key = isShopError(error) ? error.key : failure.message;
  return { kind: 'show', status, error: { key, params: isShopError(error) ? error.params : {} } };
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
