/**
 * The search panel's results (spec catalogue §2.8, §5): a search starts only from 3 characters, an empty search
 * clears the results, 'see more' pages until the last page; the header search's fixed filters apply.
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import type { CatalogueSearch } from '../ports/catalogue-search';
import type { Logger } from '../ports/logger';
import { buildSearchQuery, isSearchableText } from './search-query';
import type { Product } from './types';

export interface SearchState {
  readonly text: string;
  readonly items: readonly Product[];
  readonly total: number;
  readonly loading: boolean;
  /** 'see more' shows while fewer items than the total are loaded */
  readonly hasMore: boolean;
  readonly offline?: boolean;
  readonly noResults?: boolean;
}

export const EMPTY_SEARCH: SearchState = { text: '', items: [], total: 0, loading: false, hasMore: false };

export class SearchService extends StateHolder<SearchState> {
  private seq = 0;

  constructor(
    private readonly search: CatalogueSearch,
    private readonly config: ShopConfig,
    private readonly logger?: Logger,
  ) {
    super(EMPTY_SEARCH);
  }

  /** Search for a text: shorter than 3 characters does not search; empty clears. The latest call wins. */
  async setText(text: string): Promise<SearchState> {
    const seq = ++this.seq;
    if (!text.trim()) {
      this.state.next(EMPTY_SEARCH);
      return this.state.value;
    }
    if (!isSearchableText(text, this.config)) {
      this.patch({ text });
      return this.state.value;
    }
    this.patch({ text, loading: true });
    return this.runSearch(text, 0, seq);
  }

  /** 'see more': the next page, appended. */
  async loadMore(): Promise<SearchState> {
    const s = this.state.value;
    if (!s.hasMore || s.loading) return s;
    this.state.next({ ...s, loading: true });
    return this.runSearch(s.text, s.items.length, this.seq);
  }

  clear(): void {
    this.seq++;
    this.state.next(EMPTY_SEARCH);
  }

  private async runSearch(text: string, from: number, seq: number): Promise<SearchState> {
    const query = { text, from, size: this.config.search.headerSearchPageSize };
    const request = buildSearchQuery(query, this.config, { fixedFilters: 'header', aggregations: [] });
    try {
      const result = await this.search.search<Product>(request);
      if (seq !== this.seq) return this.state.value;
      const items = from === 0 ? result.items : [...this.state.value.items, ...result.items];
      this.state.next({ text, items, total: result.total, loading: false, hasMore: items.length < result.total, offline: !!result.offline, noResults: items.length === 0 });
    } catch (e) {
      if (seq !== this.seq) return this.state.value;
      this.logger?.warn('Search failed', 'search', { text, error: String(e) });
      this.patch({ loading: false, hasMore: false });
    }
    return this.state.value;
  }
}
