/**
 * Search latency of the demo backend at catalogue scale 1, 10 and 100 (issue 9 "Fast at 40k").
 * Run: node scripts/bench/run.mjs search-latency [scales, e.g. 1,10,100] [--max-seconds N]
 * Each scale runs in its own child process (so RSS is that scale's): a first start with --reset (generates the catalogue
 * and stores it in SQLite), a restart without --reset (reads it back), then the same 200 searches over loopback HTTP.
 * Prints startup, restart, p50/p95/max per scale and peak RSS. A benchmark, not a test: figures, no assertions.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from '../../test-fixtures/backend/index';

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

/** The fixed mix: 200 requests, the same for every scale. */
function mix(): Array<{ body: unknown; qs: string; kind: string }> {
  const out: Array<{ body: unknown; qs: string; kind: string }> = [];
  for (let i = 0; i < 200; i++) {
    switch (i % 4) {
      case 0: out.push({ kind: 'text', body: textQuery(WORDS[i % WORDS.length] as string), qs: 'size=18&from=0' }); break;
      case 1: out.push({ kind: 'category', body: categoryQuery(3 + (i % 30), i % 8 === 1 ? 49 + (i % 12) : undefined), qs: 'size=50&from=0&sort=final_price:asc' }); break;
      case 2: out.push({ kind: 'listing', body: { query: { bool: { filter: { bool: { must: LISTING } } } } }, qs: 'size=8&sort=created_at:desc&_source_include=name,sku,price,image,url_path' }); break;
      default: out.push({ kind: 'text', body: textQuery(WORDS[(i * 3) % WORDS.length] as string), qs: 'size=16&from=16' });
    }
  }
  return out;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] as number;

async function child(scale: number, maxSeconds: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `bench-search-${scale}-`));
  try {
    let t0 = performance.now();
    let backend = await startBackend({ port: 0, dataDir: dir, reset: true, scale, log: () => undefined });
    const firstStart = performance.now() - t0;
    await backend.close();
    t0 = performance.now();
    backend = await startBackend({ port: 0, dataDir: dir, log: () => undefined });
    const restart = performance.now() - t0;
    const times: number[] = [];
    const byKind = new Map<string, number[]>();
    let hits = 0;
    const began = performance.now();
    for (const { body, qs, kind } of mix()) {
      if ((performance.now() - began) / 1000 > maxSeconds) break;
      const url = `${backend.url}/api/catalog/vue_storefront_catalog/product/_search?${qs}&request=${encodeURIComponent(JSON.stringify(body))}`;
      const s = performance.now();
      const res = await fetch(url);
      const json = (await res.json()) as { hits: { total: number } };
      const ms = performance.now() - s;
      if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(json)}`);
      times.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
      hits += json.hits.total;
    }
    await backend.close();
    times.sort((a, b) => a - b);
    const kinds = [...byKind].map(([k, v]) => `${k} ${pct(v.sort((a, b) => a - b), 0.5).toFixed(1)}`).join(', ');
    const rss = process.resourceUsage().maxRSS / 1024;
    console.log(`scale ${String(scale).padStart(3)}: first start ${(firstStart / 1000).toFixed(1)} s, restart ${(restart / 1000).toFixed(2)} s, ${times.length} searches: p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms, max ${pct(times, 1).toFixed(1)} ms, peak RSS ${rss.toFixed(0)} MB (medians by kind: ${kinds}; avg hits.total ${Math.round(hits / Math.max(1, times.length))})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const maxIdx = args.indexOf('--max-seconds');
const maxSeconds = maxIdx >= 0 ? Number(args[maxIdx + 1]) : 120;
const childIdx = args.indexOf('--child');
if (childIdx >= 0) {
  await child(Number(args[childIdx + 1]), maxSeconds);
} else {
  const scales = (args.find((a) => /^\d+(,\d+)*$/.test(a)) ?? '1,10,100').split(',').map(Number);
  console.log(`search latency, ${new Date().toISOString()}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const scale of scales) {
    // each scale in a child process, bounded in time: its RSS is its own
    const r = spawnSync(process.execPath, ['--max-old-space-size=4096', process.argv[1] as string, '--child', String(scale), '--max-seconds', String(maxSeconds)], { stdio: 'inherit', timeout: (maxSeconds + 300) * 1000 });
    if (r.status !== 0) console.log(`scale ${scale}: failed (${r.signal ?? r.status})`);
  }
}
