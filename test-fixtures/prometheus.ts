/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4, what prom-client writes), for the tests of
 * GET /metrics. Every line must parse (comments, `# HELP`, `# TYPE`, samples with escaped label values, floats with
 * NaN/±Inf, an optional timestamp), every sample must belong to a family whose TYPE came before it, and every histogram
 * must be one: cumulative buckets per label set, the `+Inf` bucket equal to `_count`. Anything else throws.
 * (parse-prometheus-text-format, the npm parser, drops the labels, count and sum of every labelled histogram.)
 */
export type Labels = Readonly<Record<string, string>>;
export interface Sample {
  name: string;
  labels: Labels;
  value: number;
}
export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const PAIR = String.raw`[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*"`;
/** name, optional {labels} (comma separated, a trailing comma allowed), value, optional timestamp (read and dropped) */
const LABELS = String.raw`\{((?:${PAIR}(?:,${PAIR})*,?)?)\}`;
const SAMPLE = new RegExp(String.raw`^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:${LABELS})?[ \t]+(\S+)(?:[ \t]+-?\d+)?[ \t]*$`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/** a value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`) */
function float(text: string, line: string): number {
  const word = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (word) return word[2]!.toLowerCase() === 'nan' ? NaN : word[1] === '-' ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a number: ${JSON.stringify(text)} in ${line}`);
  return Number(text);
}

function unescape(text: string, quote: boolean): string {
  return text.replace(quote ? /\\([\\"n])/g : /\\([\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

function sampleLine(line: string): Sample {
  const m = SAMPLE.exec(line);
  if (!m) throw new Error(`not a sample line: ${line}`);
  const labels: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [, label, value] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
    if (label! in labels) throw new Error(`label ${label} twice in ${line}`);
    labels[label!] = unescape(value!, true);
  }
  return { name: m[1]!, labels, value: float(m[3]!, line) };
}

/** the family a sample name belongs to, given the families declared so far */
function familyOf(name: string, families: ReadonlyMap<string, Family>): Family | undefined {
  const m = /^(.*)_(bucket|sum|count)$/.exec(name);
  const base = m ? families.get(m[1]!) : undefined;
  const ownSample = base?.type === 'histogram' || (base?.type === 'summary' && m![2] !== 'bucket');
  return families.get(name) ?? (ownSample ? base : undefined);
}

const key = (labels: Labels, without = '') =>
  JSON.stringify(Object.entries(labels).filter(([k]) => k !== without).sort(([a], [b]) => (a < b ? -1 : 1)));

function checkHistogram(f: Family): void {
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  const of = (k: string) => series.get(k) ?? (series.set(k, { buckets: [] }), series.get(k)!);
  for (const s of f.samples) {
    if (s.name === `${f.name}_bucket`) {
      if (s.labels.le === undefined) throw new Error(`${f.name}: a bucket without le`);
      of(key(s.labels, 'le')).buckets.push([float(s.labels.le, s.name), s.value]);
    } else if (s.name === `${f.name}_count`) of(key(s.labels)).count = s.value;
    else if (s.name !== `${f.name}_sum`) throw new Error(`${f.name}: sample ${s.name} in a histogram`);
  }
  for (const [labels, { buckets, count }] of series) {
    buckets.sort(([a], [b]) => a - b);
    for (let i = 1; i < buckets.length; i++) if (buckets[i]![1] < buckets[i - 1]![1]) throw new Error(`${f.name}${labels}: buckets not cumulative`);
    const inf = buckets.at(-1);
    if (!inf || inf[0] !== Infinity || inf[1] !== count) throw new Error(`${f.name}${labels}: +Inf bucket ${inf?.[1]} is not the count ${count}`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = /^#[ \t]+(HELP|TYPE)[ \t]+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:[ \t]+(.*))?$/.exec(line);
      if (!m) continue; // a plain comment
      const [, what, name, rest = ''] = m;
      const f = families.get(name!) ?? { name: name!, type: 'untyped' as const, help: '', samples: [] };
      families.set(name!, f);
      if (what === 'HELP') f.help = unescape(rest, false);
      else if (TYPES.has(rest)) f.type = rest as Family['type'];
      else throw new Error(`unknown type ${rest} of ${name}`);
      continue;
    }
    const s = sampleLine(line);
    const f = familyOf(s.name, families);
    if (!f) throw new Error(`sample ${s.name} of no declared family`);
    f.samples.push(s);
  }
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

/** A /metrics answer read (tests of ui/edge/metrics.ts). */
export class Scrape {
  readonly families: ReadonlyMap<string, Family>;

  constructor(readonly text: string) {
    this.families = parsePrometheusText(text);
  }

  family(name: string): Family {
    const f = this.families.get(name);
    if (!f) throw new Error(`no metric ${name} in the answer`);
    return f;
  }

  /**
   * A counter's or gauge's value, or a histogram's count, summed over its samples whose labels include `labels` (none
   * given: all of them). A metric with no sample yet counts 0.
   */
  value(name: string, labels: Labels = {}): number {
    const f = this.families.get(name);
    if (!f) return 0;
    const sampleName = f.type === 'histogram' || f.type === 'summary' ? `${name}_count` : name;
    let total = 0;
    for (const s of f.samples) if (s.name === sampleName && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) total += s.value;
    return total;
  }

  /** how much each value grew since `before`, an earlier scrape of the same storefront */
  since(before: Scrape): (name: string, labels?: Labels) => number {
    return (name, labels = {}) => this.value(name, labels) - before.value(name, labels);
  }

  /** every value a label takes in a metric's samples */
  labelValues(name: string, label: string): string[] {
    return [...new Set((this.families.get(name)?.samples ?? []).flatMap((s) => (s.labels[label] !== undefined ? [s.labels[label]] : [])))];
  }
}

/** GET /metrics with the key; the answer read (anything but a 200 throws) */
export async function scrape(baseUrl: string, key: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}: ${text.slice(0, 200)}`);
  return new Scrape(text);
}

/**
 * What a category page's render and its output-cache answers added, as the storefront counts them (one miss rendered,
 * the hits not rendered again, every answer a 200 of the category route); `growth` is Scrape.since.
 */
export function categoryCacheCounts(growth: (name: string, labels?: Labels) => number) {
  return {
    miss: growth('storefront_output_cache_total', { result: 'miss' }),
    hit: growth('storefront_output_cache_total', { result: 'hit' }),
    renders: growth('storefront_render_duration_seconds'),
    categoryRenders: growth('storefront_render_duration_seconds', { route: 'category' }),
    categoryAnswers: growth('storefront_http_requests_total', { route: 'category', status: '200' }),
  };
}
