import type { Collection } from './engine';
import { compare, metricNumber, ownEntry } from './fields';
import { compile } from './query';
import { allowKeys, chargeWork, isObject, limitHit, malformed, num, numOr, SEARCH_LIMITS, unsupported } from './request';

/** A range bucket's key part as Elasticsearch spells it: '*' when open, integers as '50.0'. */
function rangeKey(n: number | undefined): string {
  if (n === undefined) return '*';
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/** Aggregation count and nesting, checked before any is computed (an explicit stack: no recursion on client input). */
export function checkAggregationLimits(col: Collection, spec: unknown): void {
  let count = 0;
  const stack: Array<[unknown, number]> = [[spec, 1]];
  while (stack.length) {
    const [level, depth] = stack.pop() as [unknown, number];
    if (!isObject(level)) continue;
    if (depth > SEARCH_LIMITS.aggregationDepth) throw limitHit('aggregations nested too deep', SEARCH_LIMITS.aggregationDepth);
    for (const def of Object.values(level)) {
      if (++count > SEARCH_LIMITS.aggregations) throw limitHit('too many aggregations', SEARCH_LIMITS.aggregations);
      if (isObject(def) && (def.aggs !== undefined || def.aggregations !== undefined)) stack.push([def.aggs ?? def.aggregations, depth + 1]);
    }
  }
  chargeWork(col, count);
}

/** The aggregations of a search (terms, range, filter and the metrics), over the documents it matched. */
export function aggregate(col: Collection, matched: number[], spec: unknown): Record<string, unknown> {
  if (!isObject(spec)) throw malformed('aggregations must be an object');
  // aggregation names are the request's: written to an object without a prototype (a name '__proto__' stays a name)
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, def] of Object.entries(spec)) {
    if (!isObject(def)) throw malformed(`aggregation ${name}`);
    const sub = def.aggs ?? def.aggregations;
    const kinds = Object.keys(def).filter((k) => k !== 'aggs' && k !== 'aggregations' && k !== 'meta');
    if (kinds.length !== 1) throw malformed(`aggregation ${name} needs exactly one type`);
    const kind = kinds[0] as string;
    const body = ownEntry(def, kind);
    if (!isObject(body)) throw malformed(`aggregation ${name}.${kind}`);
    const withSub = (bucket: Record<string, unknown>, docs: number[]) => (sub === undefined ? bucket : { ...bucket, ...aggregate(col, docs, sub) });
    switch (kind) {
      case 'terms': {
        allowKeys(body, ['field', 'size', 'order', 'min_doc_count', 'missing', 'shard_size'], `aggregation ${name}.terms`);
        if (typeof body.field !== 'string') throw malformed(`aggregation ${name}.terms.field`);
        const field = body.field;
        const size = numOr(body.size, 10, 'terms.size');
        if (size > SEARCH_LIMITS.aggregationSize) throw limitHit('terms aggregation size', SEARCH_LIMITS.aggregationSize);
        const minDocCount = numOr(body.min_doc_count, 1, 'min_doc_count');
        // each document counted once per value (`missing`: its own group, or the entry of an equal value); buckets in
        // order of first appearance (ties keep that order)
        const { dict, offsets, ids } = col.column(field);
        const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
        const missing = body.missing;
        const missingId = isScalar(missing) ? dict.findIndex((v) => typeof v === typeof missing && String(v) === String(missing)) : -1;
        const counted = new Map<number, { count: number; docs: number[]; last: number }>();
        const add = (id: number, i: number) => {
          let group = counted.get(id);
          if (!group) counted.set(id, (group = { count: 0, docs: [], last: -1 }));
          if (group.last === i) return;
          group.last = i;
          group.count++;
          if (sub !== undefined) group.docs.push(i);
        };
        for (const i of matched) {
          let scalar = false;
          for (let k = offsets[i] as number; k < (offsets[i + 1] as number); k++) {
            if (!isScalar(dict[ids[k] as number])) continue;
            scalar = true;
            add(ids[k] as number, i);
          }
          if (!scalar && isScalar(missing)) add(missingId, i);
        }
        const groups = [...counted].map(([id, { count, docs }]) => {
          const v = id === -1 ? missing : dict[id];
          if (typeof v === 'boolean') return { key: v ? 1 : 0, docs, count, keyAsString: String(v) };
          return { key: v as string | number, docs, count };
        });
        let buckets = groups.filter((g) => g.count >= minDocCount);
        const order = isObject(body.order) ? Object.entries(body.order)[0] : undefined;
        const byKey = (a: { key: string | number }, b: { key: string | number }) => compare(a.key, b.key);
        if (order && order[0] === '_key') buckets.sort((a, b) => (order[1] === 'desc' ? -byKey(a, b) : byKey(a, b)));
        else if (order && order[0] === '_count' && order[1] === 'asc') buckets.sort((a, b) => a.count - b.count || byKey(a, b));
        else if (order && order[0] !== '_count') throw unsupported(`terms order ${order[0]}`);
        else buckets.sort((a, b) => b.count - a.count || byKey(a, b));
        const total = buckets.reduce((s, b) => s + b.count, 0);
        buckets = buckets.slice(0, size);
        const shown = buckets.reduce((s, b) => s + b.count, 0);
        out[name] = {
          doc_count_error_upper_bound: 0,
          sum_other_doc_count: total - shown,
          buckets: buckets.map((b) => withSub({ key: b.key, ...(b.keyAsString ? { key_as_string: b.keyAsString } : {}), doc_count: b.count }, b.docs)),
        };
        break;
      }
      case 'range': {
        allowKeys(body, ['field', 'ranges', 'keyed'], `aggregation ${name}.range`);
        if (typeof body.field !== 'string' || !Array.isArray(body.ranges)) throw malformed(`aggregation ${name}.range needs field and ranges`);
        const field = body.field;
        if (body.ranges.length > SEARCH_LIMITS.ranges) throw limitHit('range aggregation has too many ranges', SEARCH_LIMITS.ranges);
        const buckets = body.ranges.map((r) => {
          if (!isObject(r)) throw malformed('range');
          const from = r.from === undefined || r.from === null ? undefined : num(r.from, 'range.from');
          const to = r.to === undefined || r.to === null ? undefined : num(r.to, 'range.to');
          const column = col.column(field);
          const inRange = column.dict.map((v) => {
            const n = typeof v === 'boolean' || v === '' ? NaN : metricNumber(v);
            return !Number.isNaN(n) && (from === undefined || n >= from) && (to === undefined || n < to);
          });
          const docs = matched.filter((i) => {
            for (let k = column.offsets[i] as number; k < (column.offsets[i + 1] as number); k++) if (inRange[column.ids[k] as number]) return true;
            return false;
          });
          const key = typeof r.key === 'string' ? r.key : `${rangeKey(from)}-${rangeKey(to)}`;
          return withSub({ key, ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), doc_count: docs.length }, docs);
        });
        out[name] = body.keyed === true ? { buckets: Object.fromEntries(buckets.map((b) => [b.key as string, b])) } : { buckets };
        break;
      }
      case 'filter': {
        const m = compile(body, col, false);
        const docs = matched.filter((i) => m(i) !== undefined);
        out[name] = withSub({ doc_count: docs.length }, docs);
        break;
      }
      case 'min': case 'max': case 'avg': case 'sum': case 'value_count': case 'stats': {
        if (typeof body.field !== 'string') throw malformed(`aggregation ${name}.${kind}.field`);
        const column = col.column(body.field);
        const values = matched.flatMap((i) => column.valuesAt(i).map(metricNumber).filter((n) => !Number.isNaN(n)));
        const sum = values.reduce((a, b) => a + b, 0);
        const min = values.length ? values.reduce((a, b) => (b < a ? b : a)) : null;
        const max = values.length ? values.reduce((a, b) => (b > a ? b : a)) : null;
        const avg = values.length ? sum / values.length : null;
        if (kind === 'stats') out[name] = { count: values.length, min, max, avg, sum };
        else if (kind === 'value_count') out[name] = { value: values.length };
        else out[name] = { value: kind === 'min' ? min : kind === 'max' ? max : kind === 'avg' ? avg : sum };
        break;
      }
      default:
        throw unsupported(`aggregation ${kind}`);
    }
  }
  return out;
}
