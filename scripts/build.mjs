// Builds the browser bundle (code-split ESM), the SSR server and the demo backend with esbuild.
import { build } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = `${root}dist`;

export async function buildAll({ quiet = false } = {}) {
  await rm(dist, { recursive: true, force: true });
  await mkdir(`${dist}/client`, { recursive: true });
  const client = await build({
    absWorkingDir: root,
    entryPoints: ['ui/entry-client.tsx'],
    outdir: 'dist/client',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: true,
    metafile: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: quiet ? 'error' : 'warning',
  });
  const outputs = Object.entries(client.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === 'ui/entry-client.tsx');
  if (!entry) throw new Error('client entry missing from metafile');
  const css = outputs.filter(([f]) => f.endsWith('.css')).map(([f]) => f.replace(/^dist\/client\//, ''));
  // the chunks the entry imports statically: the page preloads them beside the entry, so they do not load one after another
  const preload = (entry[1].imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path.replace(/^dist\/client\//, ''));
  await writeFile(`${dist}/client/manifest.json`, JSON.stringify({ entry: entry[0].replace(/^dist\/client\//, ''), css, preload }, null, 2));
  await writeFile(`${dist}/client-meta.json`, JSON.stringify(client.metafile));

  // the service worker lives at the site root (its scope is the whole shop), so its name carries no hash
  await build({
    absWorkingDir: root,
    entryPoints: ['ui/sw.ts'],
    outfile: 'dist/client/sw.js',
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    logLevel: quiet ? 'error' : 'warning',
  });

  const node = {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: ['node20'],
    packages: 'external',
    sourcemap: true,
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    logLevel: quiet ? 'error' : 'warning',
  };
  await build({ ...node, entryPoints: ['ui/server-main.ts'], outfile: 'dist/server.mjs' });
  if (existsSync(`${root}test-fixtures/backend/main.ts`)) {
    await build({ ...node, entryPoints: ['test-fixtures/backend/main.ts'], outfile: 'dist/backend.mjs' });
  }
  if (!quiet) console.log(`built dist/client/${basename(entry[0])}, dist/server.mjs${existsSync(`${dist}/backend.mjs`) ? ', dist/backend.mjs' : ''}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
