// Prints, per page type, the JavaScript a first visit loads before the page is interactive: the client entry,
// the chunks it imports statically, and the page's own route chunk (with its static imports) when the page is
// split off. Sizes are minified and gzipped (level 9, as the build's precompression); the top modules are listed.
// Run `npm run build` first. `--json` prints the figures as JSON (for a budget test or a comparison). Also prints the
// lines of the build's own scripts: scripts/build.mjs and the scripts/*.mjs it imports.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The page types and the source modules of the chunks each loads before it is interactive besides the
 * entry's: the page's own chunk (every page is split by route) and for the checkout the transaction half,
 * ui/app/transactions-ui.tsx, bound before it renders.
 * `budgetKb` is the page's budget, which every page meets since 2026-11-26:
 * scripts/bench/client-budget.test.ts fails when a page is over it. `ceilingKb` is what the same test holds each page at
 * besides: its measured size then (+0.8 KB), under the budget, so that a change that makes a page grow is seen even
 * while the page is still within its budget. Lower a ceiling with each cut; never raise one past the budget.
 */
export const PAGES = {
  home: { chunks: ['ui/pages/HomePage.tsx'], budgetKb: 150, ceilingKb: 149.3 },
  category: { chunks: ['ui/pages/CategoryPage.tsx'], budgetKb: 160, ceilingKb: 151.0 },
  product: { chunks: ['ui/pages/ProductPage.tsx'], budgetKb: 160, ceilingKb: 159.9 },
  checkout: { chunks: ['ui/pages/CheckoutPage.tsx', 'ui/app/transactions-ui.tsx'], budgetKb: 190, ceilingKb: 189.1 },
};

export function measurePages(dir = `${root}dist`) {
  const meta = JSON.parse(readFileSync(`${dir}/client-meta.json`, 'utf8'));
  const manifest = JSON.parse(readFileSync(`${dir}/client/manifest.json`, 'utf8'));
  const entry = Object.keys(meta.outputs).find((f) => f.endsWith(manifest.entry));
  return pageSizes(meta, (f) => readFileSync(`${root}${f}`), entry);
}

/**
 * Per page of PAGES: the files it loads before it is interactive (the entry, the chunks of the page's own modules,
 * and every chunk those import statically), their minified and gzipped (level 9) size, and the 10 largest modules.
 * `read(file)` gives a file's bytes by its metafile path (from disk, or from an in-memory build).
 */
export function pageSizes(meta, read, entry = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === 'ui/entry-client.tsx' && f.endsWith('.js'))) {
  const outputFor = (source) => Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === source && f.endsWith('.js'));
  const closure = (start) => {
    const seen = new Set();
    const queue = [...start];
    while (queue.length) {
      const f = queue.shift();
      if (!f || seen.has(f)) continue;
      seen.add(f);
      for (const imp of meta.outputs[f]?.imports ?? []) if (imp.kind === 'import-statement') queue.push(imp.path);
    }
    return seen;
  };
  const gzCache = new Map();
  const gz = (f) => {
    if (!gzCache.has(f)) gzCache.set(f, gzipSync(read(f), { level: 9 }).length);
    return gzCache.get(f);
  };
  const result = {};
  for (const [name, { chunks, budgetKb, ceilingKb }] of Object.entries(PAGES)) {
    if (!entry) throw new Error('no client entry in the metafile');
    const start = [entry];
    for (const chunk of chunks) {
      const out = outputFor(chunk);
      if (!out) throw new Error(`no output chunk for ${chunk}`);
      start.push(out);
    }
    const files = closure(start);
    let raw = 0;
    let gzip = 0;
    const modules = {};
    for (const f of files) {
      raw += meta.outputs[f].bytes;
      gzip += gz(f);
      for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[f].inputs)) {
        const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
        const key = m ? m[1] : input;
        modules[key] = (modules[key] ?? 0) + bytesInOutput;
      }
    }
    result[name] = { files: files.size, minifiedKb: raw / 1024, gzipKb: gzip / 1024, budgetKb, ceilingKb, top: Object.entries(modules).sort((a, b) => b[1] - a[1]).slice(0, 10) };
  }
  return result;
}

/** scripts/build.mjs and the scripts/*.mjs it imports (transitively): file -> lines */
export function buildScriptLines(file = 'build.mjs', seen = new Map()) {
  const text = readFileSync(`${root}scripts/${file}`, 'utf8');
  seen.set(file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
  for (const [, dep] of text.matchAll(/^import .* from '\.\/([\w-]+\.mjs)';$/gm)) if (!seen.has(dep)) buildScriptLines(dep, seen);
  return seen;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = measurePages();
  const lines = buildScriptLines();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ pages, buildScriptLines: Object.fromEntries(lines) }, null, 2));
  } else {
    for (const [name, p] of Object.entries(pages)) {
      const over =
        (p.gzipKb > p.budgetKb ? `  OVER budget ${p.budgetKb} KB by ${(p.gzipKb - p.budgetKb).toFixed(1)} KB` : `  (budget ${p.budgetKb} KB)`) +
        (p.gzipKb > p.ceilingKb ? `, OVER the enforced ceiling ${p.ceilingKb} KB` : `, ceiling ${p.ceilingKb} KB`);
      console.log(`${name.padEnd(9)} ${String(p.files).padStart(2)} file(s)  ${p.minifiedKb.toFixed(1).padStart(6)} KB minified  ${p.gzipKb.toFixed(1).padStart(6)} KB gzipped${over}`);
    }
    const total = [...lines.values()].reduce((a, b) => a + b, 0);
    console.log(`build scripts (npm run build): ${total} lines (${[...lines].map(([f, n]) => `${f} ${n}`).join(', ')})`);
    for (const [name, p] of Object.entries(pages)) {
      console.log(`\ntop 10 modules of ${name} (minified bytes before gzip, package or source file):`);
      for (const [k, v] of p.top) console.log(`  ${k.padEnd(48)} ${(v / 1024).toFixed(1)} KB`);
    }
  }
}
