// Prints, per page type, the JavaScript a first visit loads before the page is interactive: the client entry, the
// page's own chunks and every chunk those import statically, minified and gzipped (level 9, as the build's
// precompression), with the 10 largest modules; and the lines of the build's own scripts (scripts/build.mjs and the
// scripts/*.mjs it imports). Run `npm run build` first.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { staticClosure } from '../build.mjs';

const root = new URL('../..', import.meta.url).pathname;

/**
 * The page types and the source modules of the chunks each loads besides the entry's: the page's own chunk and for the
 * checkout the transaction half, ui/app/transactions-ui.tsx, bound before it renders. `budgetKb` is the page's budget;
 * `ceilingKb` what scripts/bench/client-budget.test.ts holds the page at besides: its measured size when set (+ up to
 * 0.8 KB), so that a page that grows is seen while still within its budget. Lower a ceiling with each cut; never raise
 * one past the budget.
 */
export const PAGES = {
  home: { chunks: ['ui/pages/HomePage.tsx'], budgetKb: 150, ceilingKb: 149.3 },
  category: { chunks: ['ui/pages/CategoryPage.tsx'], budgetKb: 160, ceilingKb: 151.0 },
  product: { chunks: ['ui/pages/ProductPage.tsx'], budgetKb: 160, ceilingKb: 159.9 },
  checkout: { chunks: ['ui/pages/CheckoutPage.tsx', 'ui/app/transactions-ui.tsx'], budgetKb: 190, ceilingKb: 189.1 },
};

/**
 * Per page of PAGES: how many files it loads before it is interactive, their minified and gzipped size, and the 10
 * largest modules (package or source file). `read(file)` gives a file's bytes by its metafile path (from disk, or from
 * an in-memory build).
 */
export function pageSizes(meta, read) {
  const outputFor = (source) => {
    const out = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === source && f.endsWith('.js'));
    if (!out) throw new Error(`no output chunk for ${source}`);
    return out;
  };
  const entry = outputFor('ui/entry-client.tsx');
  const result = {};
  for (const [name, { chunks, budgetKb, ceilingKb }] of Object.entries(PAGES)) {
    const files = new Set();
    for (const start of [entry, ...chunks.map(outputFor)]) staticClosure(meta, start, files);
    let raw = 0;
    let gzip = 0;
    const modules = {};
    for (const f of files) {
      raw += meta.outputs[f].bytes;
      gzip += gzipSync(read(f), { level: 9 }).length;
      for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[f].inputs)) {
        const key = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? input;
        modules[key] = (modules[key] ?? 0) + bytesInOutput;
      }
    }
    const top = Object.entries(modules).sort((a, b) => b[1] - a[1]).slice(0, 10);
    result[name] = { files: files.size, minifiedKb: raw / 1024, gzipKb: gzip / 1024, budgetKb, ceilingKb, top };
  }
  return result;
}

/** scripts/build.mjs and the scripts/*.mjs it imports (transitively): file -> lines */
function buildScriptLines(file = 'build.mjs', seen = new Map()) {
  const text = readFileSync(`${root}scripts/${file}`, 'utf8');
  seen.set(file, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
  for (const [, dep] of text.matchAll(/^import .* from '\.\/([\w-]+\.mjs)';$/gm)) if (!seen.has(dep)) buildScriptLines(dep, seen);
  return seen;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const meta = JSON.parse(readFileSync(`${root}dist/client-meta.json`, 'utf8'));
  const pages = pageSizes(meta, (f) => readFileSync(`${root}${f}`));
  const lines = buildScriptLines();
  for (const [name, p] of Object.entries(pages)) {
    const budget = `${p.gzipKb > p.budgetKb ? 'OVER ' : ''}budget ${p.budgetKb} KB`;
    const over = `${budget}, ${p.gzipKb > p.ceilingKb ? 'OVER ' : ''}ceiling ${p.ceilingKb} KB`;
    const sizes = `${p.minifiedKb.toFixed(1).padStart(6)} KB minified  ${p.gzipKb.toFixed(1).padStart(6)} KB gzipped`;
    console.log(`${name.padEnd(9)} ${String(p.files).padStart(2)} file(s)  ${sizes}  (${over})`);
  }
  const total = [...lines.values()].reduce((a, b) => a + b, 0);
  console.log(`build scripts (npm run build): ${total} lines (${[...lines].map(([f, n]) => `${f} ${n}`).join(', ')})`);
  for (const [name, p] of Object.entries(pages)) {
    console.log(`\ntop 10 modules of ${name} (minified bytes before gzip, package or source file):`);
    for (const [k, v] of p.top) console.log(`  ${k.padEnd(48)} ${(v / 1024).toFixed(1)} KB`);
  }
}
