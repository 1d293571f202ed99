/** Category and search filters (spec catalogue §2.2, §3.4, §4.4, §9). */
import type { LocaleCode, PriceRange, ShopConfig, SortKey } from '../config';
import { numberFormat } from '../format/intl';
import type { Aggregations, AttributeMetadata, ChosenFilters, FilterOption, QueryFilter } from './types';

/** A filter option offered to the shopper, with the number of matching products. */
export interface AvailableFilterOption extends FilterOption {
  readonly count: number;
}
export type AvailableFilters = Readonly<Record<string, readonly AvailableFilterOption[]>>;

/** A route query as a router gives it. */
export type RouteQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

function sameOption(a: FilterOption, b: FilterOption): boolean {
  return String(a.id) === String(b.id);
}

export function isSystemFilter(type: string, config: ShopConfig): boolean {
  return config.filters.systemFilterNames.includes(type);
}

export function isFilterChosen(chosen: ChosenFilters, option: FilterOption): boolean {
  return (chosen[option.type] ?? []).some((o) => sameOption(o, option));
}

/** spec catalogue §4.4: a chosen filter is removed, another added; single-choice and system filters hold one. */
export function toggleFilter(chosen: ChosenFilters, option: FilterOption, config: ShopConfig): ChosenFilters {
  const current = chosen[option.type] ?? [];
  const others = current.filter((o) => !sameOption(o, option));
  if (others.length < current.length) return withType(chosen, option.type, others);
  const single = option.single || isSystemFilter(option.type, config);
  return withType(chosen, option.type, single ? [option] : [...others, option]);
}

/** spec catalogue §4.4: a system filter holds one value: set it (replacing), or clear it with undefined. */
export function setSystemFilter(chosen: ChosenFilters, type: string, option: FilterOption | undefined): ChosenFilters {
  return withType(chosen, type, option ? [option] : []);
}

/** The choice with a type's options replaced (no options: the type left out). */
function withType(chosen: ChosenFilters, type: string, options: readonly FilterOption[]): ChosenFilters {
  const { [type]: _replaced, ...others } = chosen;
  return options.length ? { ...others, [type]: options } : others;
}

export function clearFilters(chosen: ChosenFilters, config: ShopConfig): ChosenFilters {
  return Object.fromEntries(Object.entries(chosen).filter(([type]) => isSystemFilter(type, config)));
}

/** The price option id of a range: '50-100', '150-' for the open bucket. */
export function priceOptionId(range: PriceRange): string {
  return `${range.from}-${range.to ?? ''}`;
}

function parsePriceId(id: string): PriceRange | undefined {
  const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)?$/.exec(id);
  if (!m) return undefined;
  return m[2] !== undefined ? { from: Number(m[1]), to: Number(m[2]) } : { from: Number(m[1]) };
}

/**
 * Chosen filters -> query filters (catalog scope, so configurables match through `{attr}_options`).
 * Several price ranges combine with OR (each range [from, to), like the range aggregation's buckets).
 */
export function chosenFiltersToQuery(chosen: ChosenFilters, config: ShopConfig): QueryFilter[] {
  const out: QueryFilter[] = [];
  for (const [type, options] of Object.entries(chosen)) {
    if (!options.length || isSystemFilter(type, config)) continue;
    if (type === 'price') {
      const ranges = options.map((o) => (o.from !== undefined ? { from: o.from, ...(o.to != null ? { to: o.to } : {}) } : parsePriceId(String(o.id)))).filter((r): r is PriceRange => !!r);
      const [gte, lt] = ranges.length === 1 ? ['gte', 'lt'] : ['orGte', 'orLt'];
      const value = (r: PriceRange) => ({ [gte]: r.from, ...(r.to != null ? { [lt]: r.to } : {}) });
      for (const r of ranges) out.push({ attribute: 'price', scope: 'catalog', value: value(r) });
      continue;
    }
    out.push({ attribute: type, scope: 'catalog', value: { in: options.map((o) => o.id) } });
  }
  return out;
}

/** The chosen sort key (system filter 'sort'), or the configured default. */
export function chosenSort(chosen: ChosenFilters, config: ShopConfig): SortKey {
  const id = chosen.sort?.[0]?.id;
  const option = config.sortOptions.find((o) => o.key === id);
  return option ? option.key : config.defaultSort;
}

/** spec catalogue §2.2: write the chosen filters into a route query (only the configured route params). */
export function filtersToRouteQuery(chosen: ChosenFilters, config: ShopConfig): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const param of config.filters.routeQueryParams) {
    const options = chosen[param];
    if (!options?.length) continue;
    const ids = options.map((o) => String(o.id));
    query[param] = ids.length === 1 || isSystemFilter(param, config) ? ids[0]! : ids;
  }
  return query;
}

/** Whether two choices stand for the same route query (the same filters and sort, labels aside). */
export function sameFilters(a: ChosenFilters, b: ChosenFilters, config: ShopConfig): boolean {
  return JSON.stringify(filtersToRouteQuery(a, config)) === JSON.stringify(filtersToRouteQuery(b, config));
}

/**
 * spec catalogue §2.2: read chosen filters from a route query. Only the configured params are read; a value is
 * labelled from the available options when known. Price ids become ranges; the sort accepts only known keys.
 */
export function filtersFromRouteQuery(query: RouteQuery, config: ShopConfig, available: AvailableFilters = {}): ChosenFilters {
  const out: Record<string, FilterOption[]> = {};
  for (const param of config.filters.routeQueryParams) {
    const raw = query[param];
    if (raw === undefined) continue;
    const ids = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v !== '');
    const list: FilterOption[] = [];
    for (const id of ids) {
      if (list.some((o) => String(o.id) === id)) continue;
      const known = available[param]?.find((o) => String(o.id) === id);
      if (param === 'price') {
        const r = parsePriceId(id);
        if (!r) continue;
        list.push(known ?? { id, label: id, type: 'price', attribute_code: 'price', from: r.from, ...(r.to != null ? { to: r.to } : {}) });
      } else if (isSystemFilter(param, config)) {
        if (param === 'sort' && !config.sortOptions.some((o) => o.key === id)) continue;
        list.push(known ?? { id, label: id, type: param });
      } else {
        list.push(known ?? { id: /^\d+$/.test(id) ? Number(id) : id, label: id, type: param, attribute_code: param });
      }
      if (isSystemFilter(param, config)) break;
    }
    if (list.length) out[param] = list;
  }
  return out;
}

function formatAmount(amount: number, locale: LocaleCode, config: ShopConfig): string {
  return numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: config.i18n.fractionDigits }).format(amount);
}

/**
 * spec catalogue §9: the first bucket reads '< {currency}{to}', the last '> {currency}{from}', the middle ones
 * '{currency}{from} - {to}', numbers in the locale's format; a `to` of undefined or null (JSON) is open upwards.
 */
export function priceRangeLabel(range: PriceRange, config: ShopConfig, locale: LocaleCode = config.i18n.defaultLocale): string {
  const sign = config.i18n.currencySign;
  if (range.to === undefined || range.to === null) return `> ${sign}${formatAmount(range.from, locale, config)}`;
  const lowest = Math.min(...config.filters.priceRanges.map((r) => r.from));
  if (range.from <= lowest) return `< ${sign}${formatAmount(range.to, locale, config)}`;
  return `${sign}${formatAmount(range.from, locale, config)} - ${formatAmount(range.to, locale, config)}`;
}

/**
 * The filter options to offer (spec catalogue §3.4, §9): per default filter the buckets of `agg_terms_{field}` and
 * `agg_terms_{field}_options` (counts summed) labelled from the attribute metadata, price options from
 * `agg_range_price`; unlabelled options and empty buckets are left out.
 */
export function availableFiltersFromAggregations(
  aggs: Aggregations,
  attributes: readonly AttributeMetadata[],
  config: ShopConfig,
  locale: LocaleCode = config.i18n.defaultLocale,
): AvailableFilters {
  const out: Record<string, AvailableFilterOption[]> = {};
  for (const field of config.filters.defaultFilters) {
    if (field === 'price') {
      const buckets = aggs.agg_range_price?.buckets ?? [];
      const options = config.filters.priceRanges.flatMap((range): AvailableFilterOption[] => {
        const b = buckets.find((x) => x.from === range.from || (x.from === undefined && range.from === 0 && x.to === range.to));
        if (!b?.doc_count) return [];
        const label = priceRangeLabel(range, config, locale);
        const bounds = { from: range.from, ...(range.to != null ? { to: range.to } : {}) };
        const id = priceOptionId(range);
        return [{ id, label, type: 'price', attribute_code: 'price', ...bounds, single: false, count: b.doc_count }];
      });
      if (options.length) out.price = options;
      continue;
    }
    const counts = new Map<string, number>();
    for (const b of [`agg_terms_${field}`, `agg_terms_${field}_options`].flatMap((name) => aggs[name]?.buckets ?? [])) {
      counts.set(String(b.key), (counts.get(String(b.key)) ?? 0) + b.doc_count);
    }
    const meta = attributes.find((a) => a.attribute_code === field);
    const options = [...counts].flatMap(([key, count]): AvailableFilterOption[] => {
      const label = meta?.options?.find((o) => String(o.value) === key)?.label;
      if (!count || (meta && !label)) return [];
      const id = /^\d+$/.test(key) ? Number(key) : key;
      return [{ id, label: label ?? key, type: field, attribute_code: field, count }];
    });
    if (options.length) out[field] = options;
  }
  return out;
}
