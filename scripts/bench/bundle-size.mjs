// Prints the size of the JavaScript the home page loads: the client entry and the chunks it imports
// statically, minified and gzipped, with a breakdown by package. Run `npm run build` first.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;
const meta = JSON.parse(readFileSync(`${root}dist/client-meta.json`, 'utf8'));
const manifest = JSON.parse(readFileSync(`${root}dist/client/manifest.json`, 'utf8'));

const seen = new Set();
const queue = [`dist/client/${manifest.entry}`];
while (queue.length) {
  const f = queue.shift();
  if (seen.has(f)) continue;
  seen.add(f);
  for (const imp of meta.outputs[f]?.imports ?? []) if (imp.kind === 'import-statement') queue.push(imp.path);
}
let raw = 0;
let gz = 0;
const byPackage = {};
for (const f of seen) {
  const buf = readFileSync(`${root}${f}`);
  raw += buf.length;
  gz += gzipSync(buf, { level: 9 }).length;
  for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[f].inputs)) {
    const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const key = m ? m[1] : input.split('/')[0];
    byPackage[key] = (byPackage[key] ?? 0) + bytesInOutput;
  }
}
console.log(`home page JavaScript: ${seen.size} file(s), ${(raw / 1024).toFixed(1)} KB minified, ${(gz / 1024).toFixed(1)} KB gzipped`);
console.log('minified bytes by package (before gzip):');
for (const [k, v] of Object.entries(byPackage).sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${k.padEnd(28)} ${(v / 1024).toFixed(1)} KB`);
