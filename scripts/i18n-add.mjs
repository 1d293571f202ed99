// Adds translations: node scripts/i18n-add.mjs '<key>' '<en text>' '<nl text>' [...triples]
// A key goes into the namespace file (ui/i18n/<locale>/*.json) that has its section, a new section into common.json.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
for (const [loc, idx] of [['en-US', 1], ['nl-NL', 2]]) {
  const dir = `${root}ui/i18n/${loc}`;
  const files = new Map(readdirSync(dir).map((f) => [f, JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))]));
  for (let i = 0; i < args.length; i += 3) {
    const parts = args[i].split('.');
    let o = [...files.values()].find((json) => Object.hasOwn(json, parts[0])) ?? files.get('common.json');
    for (const p of parts.slice(0, -1)) o = o[p] ??= {};
    o[parts.at(-1)] = args[i + idx];
  }
  for (const [f, json] of files) writeFileSync(`${dir}/${f}`, JSON.stringify(json, null, 2) + '\n');
}
