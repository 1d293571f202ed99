/**
 * The catalogue search query builder (spec catalogue §3.4, §5, §7, §9).
 *
 * Builds the Elasticsearch body a vue-storefront-api 1.12 forwards unchanged to Elasticsearch, keeping the
 * shape of the upstream bodybuilder output:
 *   query.bool.filter.bool.must   fixed filters (visibility, status [, in stock]) as `terms`, then the applied filters
 *   query.bool.must               one `function_score` around `bool.should` [multi_match, sku match_phrase] (text only)
 *   aggs                          agg_terms_{field}, agg_terms_{field}_options, agg_range_price
 *   min_score                     config.search.minScore, only when there is text
 * Size, start and sort travel beside the body (query-string parameters of GET /api/catalog).
 */
import type { ShopConfig, SortKey } from '../config';
import type { SearchRequest } from '../ports/catalogue-search';
import type { AppliedSort, FilterOperator, FilterScalar, FilterValue, QueryFilter } from './types';

export type EsClause = Record<string, unknown>;

export interface SearchInput {
  readonly text?: string;
  readonly filters?: readonly QueryFilter[];
  /** one of the configured sort keys, an applied sort, or a raw 'field:direction' */
  readonly sort?: SortKey | AppliedSort | string;
  readonly from?: number;
  readonly size?: number;
}

export interface SearchQueryOptions {
  /** the fixed filters of spec catalogue §5 (fixedFilterClauses): 'listing' (default), 'header' or 'none' */
  readonly fixedFilters?: 'listing' | 'header' | 'none';
  /** fields to aggregate; default config.filters.defaultFilters; [] for none */
  readonly aggregations?: readonly string[];
  /** random sort: adds a random_score function with this seed and uses the 1.1 min_score of §9 */
  readonly randomSeed?: number | string;
}

/** Elasticsearch's range parameter of each range operator (`moreq`, `from`: inclusive lower; `to`: inclusive upper) */
const RANGE_PARAM = new Map(
  Object.entries({ gt: 'gt', lt: 'lt', gte: 'gte', lte: 'lte', moreq: 'gte', from: 'gte', to: 'lte' }),
);

/** spec catalogue §2.8, §5: the search runs only for a text of at least the minimum length (3). */
export function isSearchableText(text: string | undefined, config: ShopConfig): boolean {
  return typeof text === 'string' && text.trim().length >= config.search.minQueryLength;
}

/** spec catalogue §5: a size of 0 or less (or not a number) falls back to the default page size (50). */
export function normalizeSize(size: number | undefined, config: ShopConfig): number {
  return size !== undefined && Number.isFinite(size) && size > 0 ? Math.floor(size) : config.search.defaultPageSize;
}

/** spec catalogue §5: a negative (or missing) start becomes 0. */
export function normalizeFrom(from: number | undefined): number {
  return from !== undefined && Number.isFinite(from) && from > 0 ? Math.floor(from) : 0;
}

/** Resolve a sort input to 'field:direction' (spec catalogue §9: the four sort options). */
export function resolveSort(sort: SearchInput['sort'], config: ShopConfig): string | undefined {
  if (sort === undefined || sort === '') return undefined;
  if (typeof sort === 'object') return `${sort.field}:${sort.options?.order ?? 'asc'}`;
  const option = config.sortOptions.find((o) => o.key === sort);
  if (option) return `${option.field}:${option.direction}`;
  const [field, direction] = sort.split(':');
  return field ? `${field}:${direction === 'desc' ? 'desc' : 'asc'}` : undefined;
}

function asArray(v: FilterScalar | readonly FilterScalar[]): FilterScalar[] {
  return Array.isArray(v) ? [...(v as readonly FilterScalar[])] : [v as FilterScalar];
}

function baseOperator(op: FilterOperator): { base: string; or: boolean } {
  if (op === 'or') return { base: 'in', or: true };
  if (op === 'nor') return { base: 'nin', or: true };
  if (op.startsWith('or')) return { base: op.charAt(2).toLowerCase() + op.slice(3), or: true };
  return { base: op, or: false };
}

interface ClauseParts {
  must: EsClause[];
  mustNot: EsClause[];
  /** OR group: the or-variant clauses */
  should: EsClause[];
}

const noParts = (): ClauseParts => ({ must: [], mustNot: [], should: [] });

/** The clauses of one filter entry on one field (spec catalogue §3.4 operators), added to `parts`. */
export function filterClauses(field: string, value: FilterValue, parts = noParts()): ClauseParts {
  const range: Record<string, FilterScalar> = {};
  const orRange: Record<string, FilterScalar> = {};
  for (const [rawOp, raw] of Object.entries(value) as Array<[FilterOperator, FilterScalar | readonly FilterScalar[] | undefined]>) {
    if (raw === undefined) continue;
    const { base, or } = baseOperator(rawOp);
    const param = RANGE_PARAM.get(base);
    if (param) {
      const scalar = asArray(raw)[0];
      if (scalar !== undefined) (or ? orRange : range)[param] = scalar;
      continue;
    }
    const values = asArray(raw);
    const terms: EsClause = { terms: { [field]: values } };
    if (base === 'eq' || base === 'in') (or ? parts.should : parts.must).push(terms);
    else if (base === 'neq' || base === 'nin') {
      if (or) parts.should.push({ bool: { must_not: [terms] } });
      else parts.mustNot.push(terms);
    } else throw new Error(`Unknown filter operator: ${rawOp}`);
  }
  if (Object.keys(range).length) parts.must.push({ range: { [field]: range } });
  if (Object.keys(orRange).length) parts.should.push({ range: { [field]: orRange } });
  return parts;
}

/** Turn clause parts into a flat list of filter-context clauses (must_not and the OR group nested in bools). */
function partsToClauses(parts: ClauseParts): EsClause[] {
  const out = [...parts.must];
  if (parts.mustNot.length) out.push({ bool: { must_not: parts.mustNot } });
  if (parts.should.length) out.push({ bool: { should: parts.should, minimum_should_match: 1 } });
  return out;
}

/** The field a catalog-scope filter ranges over: price filters range over final_price (upstream rule). */
function catalogField(attribute: string, postfix: string, isRange: boolean): string {
  if (isRange) return attribute === 'price' ? 'final_price' : attribute;
  return attribute + postfix;
}

function isRangeValue(value: FilterValue): boolean {
  const ops = Object.keys(value);
  return ops.length > 0 && ops.every((op) => RANGE_PARAM.has(baseOperator(op as FilterOperator).base));
}

/** spec catalogue §5: the fixed filters of listings (visibility [2,3,4], status [0,1]) and of the header search. */
export function fixedFilterClauses(kind: 'listing' | 'header' | 'none', config: ShopConfig): EsClause[] {
  if (kind === 'none') return [];
  const c = config.catalogue;
  const visibility = kind === 'header' ? c.headerSearchVisibilities : c.listingVisibilities;
  const clauses: EsClause[] = [{ terms: { visibility: [...visibility] } }, { terms: { status: [...c.listingStatuses] } }];
  if (kind === 'header' && !c.listOutOfStockProducts) clauses.push({ terms: { 'stock.is_in_stock': [true] } });
  return clauses;
}

/** spec catalogue §9: aggregations of the default filters (terms size 10, plus _options) and the price ranges. */
export function aggregationsFor(fields: readonly string[], config: ShopConfig): Record<string, EsClause> {
  const size = config.filters.aggregationSize;
  const ranges = config.filters.priceRanges.map((r) => (r.to == null ? { from: r.from } : { from: r.from, to: r.to }));
  const terms = (field: string): EsClause => ({ terms: { field, size } });
  const aggsOf = (field: string): Array<[string, EsClause]> =>
    field === 'price'
      ? [['agg_range_price', { range: { field: 'final_price', ranges } }]]
      : [[`agg_terms_${field}`, terms(field)], [`agg_terms_${field}_options`, terms(`${field}_options`)]];
  return Object.fromEntries(fields.flatMap(aggsOf));
}

/** spec catalogue §9: multi_match with the boosts, fuzziness 2, minimum match 75% and the query-builder defaults, plus the sku phrase. */
export function textQueryClauses(text: string, config: ShopConfig): EsClause[] {
  const s = config.search;
  const qb = s.queryBuilder;
  const fields = Object.entries(s.boosts).map(([field, boost]) => `${field}^${boost ?? qb.defaultFieldBoost}`);
  return [
    {
      multi_match: {
        query: text,
        fields,
        fuzziness: s.fuzziness,
        cutoff_frequency: qb.cutoffFrequency,
        max_expansions: qb.maxExpansions,
        minimum_should_match: s.minimumShouldMatch,
        prefix_length: qb.prefixLength,
        tie_breaker: qb.tieBreaker,
        operator: qb.operator,
      },
    },
    { match_phrase: { sku: { query: text, boost: qb.skuPhraseBoost } } },
  ];
}

/** spec catalogue §3.4, §5, §7, §9: a product search: its body, size, start and sort (undefined: relevance). */
export function buildSearchQuery(
  input: SearchInput,
  config: ShopConfig,
  options: SearchQueryOptions = {},
): SearchRequest {
  const text = isSearchableText(input.text, config) ? input.text!.trim() : undefined;
  const top: ClauseParts = { ...noParts(), must: fixedFilterClauses(options.fixedFilters ?? 'listing', config) };

  const catalogFilters: QueryFilter[] = [];
  for (const filter of input.filters ?? []) {
    if (Object.keys(filter.value).length === 0) continue;
    if (filter.scope === 'catalog') catalogFilters.push(filter);
    else filterClauses(filter.attribute, filter.value, top);
  }

  const filterMust = partsToClauses(top);
  if (catalogFilters.length) {
    // an attribute filter matches the attribute, or for configurables `{attribute}_options`
    const branch = (postfix: string): EsClause[] => {
      const parts = noParts();
      for (const f of catalogFilters) {
        filterClauses(catalogField(f.attribute, postfix, isRangeValue(f.value)), f.value, parts);
      }
      return partsToClauses(parts);
    };
    filterMust.push({
      bool: {
        should: [
          { bool: { filter: branch('') } },
          { bool: { filter: [...branch('_options'), { terms: { type_id: ['configurable'] } }] } },
        ],
        minimum_should_match: 1,
      },
    });
  }

  const bool: Record<string, unknown> = {};
  if (filterMust.length) bool.filter = { bool: { must: filterMust } };
  if (text !== undefined) {
    const qb = config.search.queryBuilder;
    const random = options.randomSeed !== undefined;
    const functions = random ? [{ random_score: { seed: options.randomSeed, field: '_seq_no' } }] : [];
    bool.must = [
      {
        function_score: {
          query: { bool: { should: textQueryClauses(text, config), minimum_should_match: 1 } },
          functions,
          score_mode: qb.scoreMode,
          boost_mode: qb.boostMode,
          max_boost: qb.maxBoost,
          min_score: random ? config.search.queryBuilderRandomSortMinScore : config.search.queryBuilderMinScore,
        },
      },
    ];
  }

  const body: Record<string, unknown> = { query: { bool } };
  const aggs = aggregationsFor(options.aggregations ?? config.filters.defaultFilters, config);
  if (Object.keys(aggs).length) body.aggs = aggs;
  if (text !== undefined) body.min_score = config.search.minScore;

  const sort = resolveSort(input.sort, config);
  const size = normalizeSize(input.size, config);
  return { type: 'product', body, size, from: normalizeFrom(input.from), ...(sort !== undefined ? { sort } : {}) };
}

/** A product lookup by key (sku, parent of a child ...): no fixed filters, no aggregations. */
export function lookupRequest(filters: readonly QueryFilter[], size: number, config: ShopConfig): SearchRequest {
  return buildSearchQuery({ filters, size }, config, { fixedFilters: 'none', aggregations: [] });
}
