// Builds the browser bundle (code-split ESM), the SSR server and the demo backend with esbuild.
import { build } from 'esbuild';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { buildPwa } from './build-pwa.mjs';
import { localeSplitPlugin } from './locale-split.mjs';
import { purePackagesPlugin } from './pure-packages.mjs';
import { deepImportsPlugin } from './deep-imports.mjs';
import { mergeFirstLoad, staticClosure } from './first-load-merge.mjs';
import { minifyFiles, resizeMetafile } from './minify-pass.mjs';

const root = new URL('..', import.meta.url).pathname;

/**
 * The browser bundle's esbuild options (scripts/bench/client-budget.test.ts builds with the same ones): rxjs's ES2015
 * build (the 'es2015' export condition; its default is ES5 + tslib) and the default locale's texts in two parts
 * (scripts/locale-split.mjs).
 */
export function clientBuildOptions() {
  return {
    absWorkingDir: root,
    entryPoints: ['ui/entry-client.tsx'],
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
    conditions: ['es2015'],
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [localeSplitPlugin(), purePackagesPlugin(), deepImportsPlugin()],
  };
}

/**
 * The browser bundle: esbuild's split build (clientBuildOptions), then the first load in one file beside the entry
 * (scripts/first-load-merge.mjs explains why and how). `outdir` relative to the repository; `write: false` keeps the
 * files in memory (outputFiles, as esbuild answers); `marker`: a comment in every JavaScript file. The metafile is in
 * source terms (entry points and inputs are source modules), as esbuild's for one pass.
 */
export async function buildClient({ outdir, write = true, marker = '', sourcemap = true, logLevel = 'warning' }) {
  const options = clientBuildOptions();
  const pass1 = await build({ ...options, outdir, write: false, sourcemap: sourcemap ? 'inline' : false, logLevel });
  const banner = marker ? `/* build ${marker} */` : '';
  const merged = await mergeFirstLoad(pass1, {
    absWorkingDir: root,
    outdir,
    write: false,
    sourcemap,
    ...(banner ? { banner: { js: banner } } : {}),
    entryNames: options.entryNames,
    chunkNames: options.chunkNames,
    assetNames: options.assetNames,
    logLevel,
  });
  // the second minifier (scripts/minify-pass.mjs says why)
  const { files, sizes } = minifyFiles(merged.outputFiles, { banner });
  const metafile = resizeMetafile(merged.metafile, sizes, root.replace(/\/$/, ''));
  if (write) {
    for (const f of [...files, ...merged.others]) {
      await mkdir(dirname(f.path), { recursive: true });
      await writeFile(f.path, f.contents);
    }
  }
  return { ...merged, metafile, outputFiles: write ? undefined : [...files, ...merged.others] };
}

/**
 * `outDir` (absolute, inside the repository so the server finds node_modules): another output folder than dist/, and
 * `marker`: a comment in every JavaScript file, so a second build differs from the first (the update journey deploys one
 * build after another).
 */
export async function buildAll({ quiet = false, outDir = `${root}dist`, marker = '' } = {}) {
  const dist = outDir;
  const clientOut = relative(root, `${dist}/client`);
  await rm(dist, { recursive: true, force: true });
  await mkdir(`${dist}/client`, { recursive: true });
  const client = await buildClient({ outdir: clientOut, marker, logLevel: quiet ? 'error' : 'warning' });
  const outputs = Object.entries(client.metafile.outputs);
  const entry = outputs.find(([, o]) => o.entryPoint === 'ui/entry-client.tsx');
  if (!entry) throw new Error('client entry missing from metafile');
  const inClient = (f) => f.slice(clientOut.length + 1);
  const css = outputs.filter(([f]) => f.endsWith('.css')).map(([f]) => inClient(f));
  // the chunks the entry imports statically: the page preloads them beside the entry, so they do not load one after another
  const preload = (entry[1].imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => inClient(i.path));
  // per page chunk (pages split by route, issue 10): its file and the chunks it imports statically that the entry does not
  // load: the server names them as module preloads of a page that renders it, so they come beside the entry's
  const first = staticClosure(client.metafile, [entry[0]]);
  const pages = Object.fromEntries(
    outputs
      .filter(([f, o]) => o.entryPoint && f !== entry[0] && f.endsWith('.js'))
      .map(([f, o]) => [o.entryPoint, [...staticClosure(client.metafile, [f])].filter((c) => !first.has(c)).map(inClient)]),
  );
  await writeFile(`${dist}/client/manifest.json`, JSON.stringify({ entry: inClient(entry[0]), css, preload, pages }, null, 2));
  await writeFile(`${dist}/client-meta.json`, JSON.stringify(client.metafile));

  // icons, web app manifest, offline pages and the Workbox service worker with its precache manifest (issue 11)
  const pwa = await buildPwa({ root, dist, metafile: client.metafile, quiet });
  if (!quiet) console.log(`service worker precaches ${pwa.files} files (${Math.round(pwa.bytes / 1024)} KB)`);

  const node = { ...NODE_BUNDLE, absWorkingDir: root, sourcemap: true, logLevel: quiet ? 'error' : 'warning' };
  // The server runs React's production build: its own code is built with NODE_ENV=production, and the packages it keeps
  // external (react, react-dom, ...) pick their build from process.env.NODE_ENV when they load. ESM imports run before
  // any code of the importing file, so dist/server.mjs is a launcher that sets NODE_ENV before it imports the server.
  await build({ ...node, entryPoints: ['ui/server-main.ts'], outfile: `${dist}/server-app.mjs`, define: { 'process.env.NODE_ENV': '"production"' }, plugins: SERVER_SHIMS });
  await writeFile(
    `${dist}/server.mjs`,
    `// Launcher: React and react-dom choose their production build from NODE_ENV as they load (set before importing them).\nprocess.env.NODE_ENV ??= 'production';\nawait import('./server-app.mjs');\n`,
  );
  if (existsSync(`${root}test-fixtures/backend/main.ts`)) {
    await build({ ...node, entryPoints: ['test-fixtures/backend/main.ts'], outfile: `${dist}/backend.mjs` });
  }
  // files the shop links to by name (the home content's banner images): ui/static/* is served as /dist/static/*
  if (existsSync(`${root}ui/static`)) await cp(`${root}ui/static`, `${dist}/client/static`, { recursive: true });
  // last, once every file of dist/client is written: brotli + gzip copies beside each one the server may send compressed
  const compressed = await precompress(`${dist}/client`);
  if (!quiet) console.log(`precompressed ${compressed} files in dist/client (.br, .gz)`);
  if (!quiet) console.log(`built dist/client/${basename(entry[0])}, dist/server.mjs${existsSync(`${dist}/backend.mjs`) ? ', dist/backend.mjs' : ''}`);
}


/**
 * The server bundle's `react-i18next` is ui/edge/server-i18next.ts (the package with a useTranslation made for one
 * render per request; the module explains why); that module itself gets the package. The browser bundle is unchanged.
 */
export const SERVER_I18NEXT = {
  name: 'server-i18next',
  setup(b) {
    const shim = join(root, 'ui/edge/server-i18next.ts');
    b.onResolve({ filter: /^react-i18next$/ }, (args) => (args.importer === shim ? { path: 'react-i18next', external: true } : { path: shim }));
  },
};

/**
 * The server bundle's `react-router-dom` is ui/edge/server-router.ts (the package with a Link that builds no click
 * handler or prefetch state: a server writes neither; the module explains why); that module itself gets the package.
 */
export const SERVER_ROUTER = {
  name: 'server-router',
  setup(b) {
    const shim = join(root, 'ui/edge/server-router.ts');
    b.onResolve({ filter: /^react-router-dom$/ }, (args) => (args.importer === shim ? { path: 'react-router-dom', external: true } : { path: shim }));
  },
};

/** what the server bundle (and benchmarks that render as it does) swap in */
export const SERVER_SHIMS = [SERVER_I18NEXT, SERVER_ROUTER];

/** esbuild's options for code that runs in Node: the server bundle, and the benchmarks (scripts/bench/run.mjs) */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: ['node20'],
  packages: 'external',
  jsx: 'automatic',
  loader: { '.css': 'empty' },
};

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.html', '.txt', '.webmanifest', '.xml']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of `dir` of 1 KB or
 * more: the storefront sends them as they are (@fastify/static preCompressed), so no request pays for compression.
 */
async function precompress(dir) {
  let n = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const file = join(entry.parentPath ?? entry.path, entry.name);
    if ((await stat(file)).size < 1024) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    n++;
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
