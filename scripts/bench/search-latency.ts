/**
 * Search latency of the demo backend at catalogue scale 1, 10 and 100, over loopback HTTP.
 * Run: node scripts/bench/run.mjs search-latency [scales, e.g. 1,10,100] [--max-seconds N] [--requests N]
 * Per scale, each phase in its own child process (so its RSS is its own):
 *  - cold: a first start with --reset (generates the catalogue, builds the indexes, writes the cache file);
 *  - warm: a restart without --reset (reads the cache file), then the request mix over loopback HTTP: storefront text
 *    queries with aggregations (page 1 and 2; every other page-2 query in English on the English store view's index),
 *    category listings with filters, price sort and aggregations, home lists sorted by created_at, products by sku (the
 *    cart's and the product page's lookups), configurable by child sku, and url lookups (POST /api/url/map); RSS after
 *    the start and peak RSS.
 * Prints figures with the load average; a benchmark, not a test: no assertions.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../../test-fixtures/backend/index';
import { arg, loadAverage as load, quantile as pct } from './servers';

/** English words for the English store view's index (its texts are English; a quarter of the text queries ask it) */
const ENGLISH_WORDS = ['gift paper', 'wraping paper', 'satin ribbon red', 'gift box', 'notebook', 'envelope', 'christmas wrapping paper gold', 'paper'];
const WORDS = ['kadopapier', 'kadopapir', 'inpakpapier', 'cadeaupapier kerst', 'satijnlint rood', 'cadeaudoos', 'notitieboek', 'envelop', 'kerstpapier goud', 'papier'];
const LISTING = [{ terms: { visibility: [2, 3, 4] } }, { terms: { status: [0, 1] } }];
const AGGS = {
  agg_terms_color: { terms: { field: 'color', size: 10 } },
  agg_terms_color_options: { terms: { field: 'color_options', size: 10 } },
  agg_terms_size: { terms: { field: 'size', size: 10 } },
  agg_terms_erin_recommends: { terms: { field: 'erin_recommends', size: 10 } },
  agg_range_price: { range: { field: 'price', ranges: [{ from: 0, to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } },
};

function textQuery(text: string) {
  return {
    query: {
      function_score: {
        query: { bool: { must: { bool: { should: [
          { multi_match: { fields: ['name^4', 'description^3', 'short_description^3', 'sku^2', 'category.name^1'], query: text, fuzziness: 2, cutoff_frequency: 0.01, max_expansions: 3, minimum_should_match: '75%', prefix_length: 1, tie_breaker: 1, operator: 'or' } },
          { match_phrase: { sku: { query: text, boost: 1 } } },
        ], minimum_should_match: 1 } }, filter: { bool: { must: LISTING } } } },
        functions: [{ filter: { match: { erin_recommends: 1 } }, weight: 2 }], score_mode: 'multiply', boost_mode: 'multiply', max_boost: 100,
      },
    },
    min_score: 1,
    aggs: AGGS,
  };
}

function categoryQuery(categoryId: number, colour?: number) {
  const must: unknown[] = [...LISTING, { terms: { category_ids: [categoryId] } }];
  if (colour) must.push({ bool: { should: [{ terms: { color: [colour] } }, { terms: { color_options: [colour] } }] } });
  return { query: { bool: { filter: { bool: { must } } } }, aggs: AGGS };
}

interface Request { kind: string; search?: { body: unknown; qs: string; index?: string }; urlMap?: string }

/** The fixed mix of `count` requests over the catalogue of this scale (skus and urls picked evenly over it). */
function mix(count: number, skus: string[], urls: string[], childSkus: string[]): Request[] {
  const out: Request[] = [];
  const pick = <T>(list: T[], i: number): T => list[(i * 7919) % list.length] as T;
  for (let i = 0; i < count; i++) {
    switch (i % 8) {
      case 0: out.push({ kind: 'text', search: { body: textQuery(WORDS[i % WORDS.length] as string), qs: 'size=18&from=0' } }); break;
      case 1: out.push({ kind: 'category', search: { body: categoryQuery(3 + (i % 30), i % 16 === 1 ? 49 + (i % 12) : undefined), qs: 'size=50&from=0&sort=final_price:asc' } }); break;
      case 2: out.push({ kind: 'listing', search: { body: { query: { bool: { filter: { bool: { must: LISTING } } } } }, qs: 'size=8&sort=created_at:desc&_source_include=name,sku,price,image,url_path' } }); break;
      case 3: out.push(i % 16 === 3
        ? { kind: 'text-en', search: { body: textQuery(ENGLISH_WORDS[(i * 3) % ENGLISH_WORDS.length] as string), qs: 'size=16&from=16', index: 'vue_storefront_catalog_en' } }
        : { kind: 'text', search: { body: textQuery(WORDS[(i * 3) % WORDS.length] as string), qs: 'size=16&from=16' } }); break;
      case 4: out.push({ kind: 'sku', search: { body: { query: { bool: { filter: { terms: { sku: [pick(skus, i), pick(skus, i + 1), pick(skus, i + 2)] } } } } }, qs: 'size=3' } }); break;
      case 5: out.push({ kind: 'url', urlMap: pick(urls, i) }); break;
      case 6: out.push({ kind: 'child-sku', search: { body: { query: { bool: { filter: { bool: { must: [{ terms: { 'configurable_children.sku': [pick(childSkus, i)] } }, { terms: { type_id: ['configurable'] } }] } } } } }, qs: 'size=1' } }); break;
      default: out.push({ kind: 'category', search: { body: categoryQuery(3 + (i % 30)), qs: 'size=24&from=24&sort=updated_at:desc' } });
    }
  }
  return out;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

async function cold(scale: number, dir: string): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const backend = await startBackend({ port: 0, dataDir: dir, reset: true, scale, log: () => undefined });
  const ms = performance.now() - t0;
  const cpu = cpuMs(c0);
  await backend.close();
  console.log(`scale ${scale}: cold start (generate + index + write cache) ${(ms / 1000).toFixed(2)} s (CPU ${(cpu / 1000).toFixed(2)} s), peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB [load ${load()}]`);
}

async function warm(scale: number, dir: string, count: number, maxSeconds: number): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const backend = await startBackend({ port: 0, dataDir: dir, scale, log: () => undefined });
  const restart = performance.now() - t0;
  const restartCpu = cpuMs(c0);
  (globalThis as { gc?: () => void }).gc?.();
  const rssAfterStart = process.memoryUsage().rss;
  const loadAtStart = load();
  // skus and urls spread over the whole catalogue, asked from the backend (random_score) before the clock starts
  const pickDocs = async (visibility: number[]) => {
    const body = { query: { function_score: { query: { terms: { visibility } }, functions: [{ random_score: { seed: 1 } }], boost_mode: 'replace' } }, _source: ['sku', 'url_path'] };
    const res = await fetch(`${backend.url}/api/catalog/vue_storefront_catalog/product/_search?size=1000&request=${encodeURIComponent(JSON.stringify(body))}`);
    return ((await res.json()) as { hits: { hits: Array<{ _source: { sku: string; url_path?: string } }> } }).hits.hits.map((h) => h._source);
  };
  const listed = await pickDocs([2, 3, 4]);
  const children = await pickDocs([1]);
  const requests = mix(count, listed.map((d) => d.sku), listed.filter((d) => d.url_path).map((d) => d.url_path as string), children.map((d) => d.sku));
  const times: number[] = [];
  const cpus: number[] = [];
  const byKind = new Map<string, number[]>();
  const began = performance.now();
  for (const r of requests) {
    if ((performance.now() - began) / 1000 > maxSeconds) break;
    const c = process.cpuUsage();
    const s = performance.now();
    let res: Response;
    if (r.search) res = await fetch(`${backend.url}/api/catalog/${r.search.index ?? 'vue_storefront_catalog'}/product/_search?${r.search.qs}&request=${encodeURIComponent(JSON.stringify(r.search.body))}`);
    else res = await fetch(`${backend.url}/api/url/map`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: r.urlMap }) });
    const text = await res.text();
    const ms = performance.now() - s;
    if (res.status !== 200) throw new Error(`${r.kind} failed: ${res.status} ${text.slice(0, 200)}`);
    if (r.kind === 'url' && text === 'null') throw new Error(`url ${r.urlMap} not found`);
    times.push(ms);
    cpus.push(cpuMs(c));
    byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), ms]);
  }
  await backend.close();
  const kinds = [...byKind].map(([k, v]) => `${k} ${pct(v, 0.5).toFixed(1)}/${pct(v, 0.95).toFixed(1)}`).join(', ');
  const fmt = (xs: number[], q: number) => `${pct(xs, q).toFixed(1)} ms`;
  console.log(
    `scale ${scale}: restart (read cache) ${(restart / 1000).toFixed(2)} s (CPU ${(restartCpu / 1000).toFixed(2)} s) ` +
      `[load ${loadAtStart}], RSS after start ${(rssAfterStart / 1e6).toFixed(0)} MB; ` +
      `${times.length} requests over HTTP: ` +
      `p50 ${fmt(times, 0.5)}, p95 ${fmt(times, 0.95)}, p99 ${fmt(times, 0.99)}, max ${fmt(times, 1)} ` +
      `(CPU per request, client and server: p50 ${fmt(cpus, 0.5)}, p95 ${fmt(cpus, 0.95)}); ` +
      `peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB [load ${load()}]`,
  );
  console.log(`  p50/p95 by kind (ms): ${kinds}`);
}

const maxSeconds = arg('max-seconds', 120);
const count = arg('requests', 400);
const phase = arg('phase', '');
if (phase === 'cold') await cold(arg('scale', 1), arg('dir', ''));
else if (phase === 'warm') await warm(arg('scale', 1), arg('dir', ''), count, maxSeconds);
else {
  const scales = (process.argv[2]?.match(/^\d+(,\d+)*$/)?.[0] ?? '1,10,100').split(',').map(Number);
  console.log(`search latency, ${new Date().toISOString()}, load average ${load()}, ${count} requests per scale, at most ${maxSeconds} s of requests`);
  const child = (extra: string[]) => {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=4096', process.argv[1] as string, ...extra, '--max-seconds', String(maxSeconds), '--requests', String(count)], { stdio: 'inherit', timeout: (maxSeconds + 600) * 1000 });
    if (r.status !== 0) console.log(`  ${extra.join(' ')}: failed (${r.signal ?? r.status})`);
  };
  for (const scale of scales) {
    const dir = mkdtempSync(join(tmpdir(), `bench-search-${scale}-`));
    try {
      child(['--phase', 'cold', '--scale', String(scale), '--dir', dir]);
      child(['--phase', 'warm', '--scale', String(scale), '--dir', dir]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
