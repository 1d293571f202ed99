import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import type { CatalogueSearch, SearchRequest } from '../ports/catalogue-search';
import type { Logger } from '../ports/logger';
import type { Product } from './types';
import { buildSearchQuery } from './search-query';
import { EMPTY_HOME_CONTENT, type HomeContentData, type HomeContentSource } from './home-content';

/** spec catalogue §2.11: the homepage shows two product lists, 8 items each, sorted by created_at descending. */
export type HomeListName = ShopConfig['catalogue']['homeLists'][number];

/** A home list with the listing filters (spec catalogue §5, §9); bestsellers are the shop's recommended products. */
export function homeListRequest(list: HomeListName, config: ShopConfig): SearchRequest {
  const { field, direction } = config.catalogue.homeListSort;
  const filters = list === 'bestsellers' ? [{ attribute: 'erin_recommends', value: { in: [1] } }] : [];
  const input = { filters, size: config.catalogue.homeListSize, sort: `${field}:${direction}` };
  return buildSearchQuery(input, config, { fixedFilters: 'listing', aggregations: [] });
}

export interface HomeState {
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly lists: Readonly<Record<HomeListName, readonly Product[]>>;
  /** banners, head images, instagram images and content items (spec catalogue §2.11) */
  readonly content: HomeContentData;
}

export const EMPTY_HOME: HomeState = { status: 'idle', lists: { new_collection: [], bestsellers: [] }, content: EMPTY_HOME_CONTENT };

/** Holds the homepage product lists (spec catalogue §2.11). */
export class HomeService extends StateHolder<HomeState> {
  private lastFailure: unknown;

  constructor(
    private readonly search: CatalogueSearch,
    private readonly config: ShopConfig,
    private readonly logger: Logger,
    private readonly content?: HomeContentSource,
    private readonly storeCode: string = config.storeViews.defaultStoreCode,
  ) {
    super(EMPTY_HOME);
  }

  /** Why the last load's first failing list failed (undefined when both loaded): the server tells a down API from the rest. */
  failure(): unknown {
    return this.lastFailure;
  }

  /** Load both lists (a failing one marks the state 'error') and the local content (spec catalogue §2.11). */
  async load(): Promise<void> {
    if (this.state.value.status === 'ready') return;
    this.patch({ status: 'loading' });
    const names = this.config.catalogue.homeLists;
    const contentLoad = this.content?.load(this.storeCode).catch((e: unknown) => {
      this.logger.debug(`home content for '${this.storeCode}' failed: ${String(e)}`, 'home');
      return EMPTY_HOME_CONTENT;
    });
    const results = await Promise.allSettled(names.map((n) => this.search.search<Product>(homeListRequest(n, this.config))));
    const content = (await contentLoad) ?? this.state.value.content;
    const lists = { ...this.state.value.lists };
    results.forEach((r, i) => {
      const name = names[i] as HomeListName;
      if (r.status === 'fulfilled') lists[name] = r.value.items;
      else this.logger.error(`home list ${name} failed: ${String(r.reason)}`, 'home');
    });
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    this.lastFailure = failed?.reason;
    this.state.next({ status: failed ? 'error' : 'ready', lists, content });
  }
}
