// Adds translations: node scripts/i18n-add.mjs '<key>' '<en text>' '<nl text>' [...triples]
import { readFileSync, writeFileSync } from 'node:fs';
const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
for (const [loc, idx] of [['en-US', 1], ['nl-NL', 2]]) {
  const file = `${root}ui/i18n/${loc}.json`;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  for (let i = 0; i < args.length; i += 3) {
    const parts = args[i].split('.');
    let o = json;
    for (const p of parts.slice(0, -1)) o = o[p] ??= {};
    o[parts.at(-1)] = args[i + idx];
  }
  writeFileSync(file, JSON.stringify(json, null, 2) + '\n');
}
