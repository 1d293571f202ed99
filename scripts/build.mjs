// `npm run build`: the browser bundle (rolldown), the SSR server and the demo backend (esbuild), the PWA files, and a
// brotli and a gzip copy beside every file the storefront may send compressed.
import { build, transform } from 'esbuild';
import { rolldown } from 'rolldown';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { buildPwa } from './build-pwa.mjs';

const root = new URL('..', import.meta.url).pathname;
const ENTRY = 'ui/entry-client.tsx';
const CLIENT_ROUTER = join(root, 'ui/app/client-router.ts');

/** The browser bundle's plugins: the last three save 1.5-2 KB gz of every first load each (docs/benchmarks.md). */
async function clientPlugins() {
  // the MESSAGES table of core/messages.ts (TypeScript: its types stripped by esbuild)
  const { code } = await transform(await readFile(`${root}core/messages.ts`, 'utf8'), { loader: 'ts', format: 'esm' });
  const { MESSAGES: messages } = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return [
    {
      // the stylesheet, minified, as a file of its own (rolldown bundles no CSS)
      name: 'css',
      async load(id) {
        if (!id.endsWith('.css')) return undefined;
        const { code } = await transform(await readFile(id, 'utf8'), { loader: 'css', minify: true });
        this.emitFile({ type: 'asset', name: 'styles.css', source: code });
        return { code: '', moduleType: 'js' };
      },
    },
    {
      // `MESSAGES.name` (core/messages.ts: the key of every message of the shop) as the key itself: a bundler keeps an
      // object whole once one property is read. The browser code reads MESSAGES only by name (client-budget.test.ts).
      name: 'inline-messages',
      transform(code, id) {
        if (id.includes('/node_modules/') || id.endsWith('/core/messages.ts')) return undefined;
        if (!/\bimport\s*\{[^}]*\bMESSAGES\b/.test(code)) return undefined;
        const inlined = code.replace(/(\btypeof\s+)?\bMESSAGES\.([\w$]+)/g, (whole, typeOf, name) => {
          if (!typeOf && !Object.hasOwn(messages, name)) {
            throw new Error(`${id} reads MESSAGES.${name}, which core/messages.ts does not have`);
          }
          return typeOf ? whole : JSON.stringify(messages[name]);
        });
        return { code: inlined, map: null };
      },
    },
    {
      // react-router-dom with a Link of public API alone (ui/app/client-router.ts says why), as the server's
      name: 'client-router',
      resolveId: (source, importer) =>
        (source === 'react-router-dom' && importer !== CLIENT_ROUTER ? CLIENT_ROUTER : undefined),
    },
    {
      // react-router's build names every context and component (`X.displayName = "X"`, read only by React's developer
      // tools) and creates them with calls a bundler must keep: without both, what no page uses is dropped
      name: 'react-router-pure',
      transform(code, id) {
        if (!REACT_ROUTER.test(id)) return undefined;
        return { code: code.replace(DISPLAY_NAME, '').replace(TOP_LEVEL_CALL, '$1/* @__PURE__ */ $2'), map: null };
      },
    },
  ];
}
export const REACT_ROUTER = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;
export const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm;
const PURE_CALLS = String.raw`React\d*\.(?:createContext|forwardRef|memo)|new URL|Object\.getOwnPropertyNames`;
export const TOP_LEVEL_CALL = new RegExp(String.raw`^(var [A-Za-z_$][\w$]* = )((?:${PURE_CALLS})\()`, 'gm');

/**
 * The browser bundle into `outdir` (relative to the repository): code-split ESM, minified. Every page, the transaction
 * half and each locale is a chunk (a dynamic import); what the entry loads before it runs is one chunk, "first-load",
 * beside it (one file gzips smaller than the 20-odd the split would make). `marker`: a comment in every JavaScript
 * file, so a second build differs. Answers the files (relative path -> bytes) and the build's metafile in esbuild's
 * shape.
 */
export async function buildClient({ outdir, write = true, marker = '', quiet = false }) {
  const bundle = await rolldown({
    cwd: root,
    input: { 'entry-client': ENTRY },
    platform: 'browser',
    // rxjs's ES2015 build (its default is ES5 + tslib)
    resolve: { conditionNames: ['es2015', 'import', 'browser', 'default'] },
    transform: { jsx: 'react-jsx', target: 'es2022', define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: await clientPlugins(),
    logLevel: quiet ? 'silent' : 'warn',
    // react-router's "use client" means nothing in a browser bundle
    onLog: (level, log, handler) => log.code !== 'MODULE_LEVEL_DIRECTIVE' && handler(level, log),
  });
  const { output } = await bundle[write ? 'write' : 'generate']({
    dir: join(root, outdir),
    format: 'es',
    minify: true,
    sourcemap: true,
    postBanner: marker && `/* build ${marker} */`,
    hashCharacters: 'base36',
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    assetFileNames: '[name]-[hash][extname]',
    // the entry stays out of "first-load": its top-level await waits for the page's chunk, which imports first-load
    codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'], test: (id) => !id.endsWith(ENTRY) }] },
  });
  await bundle.close();
  const bytesOf = (o) => Buffer.from(o.type === 'chunk' ? o.code : o.source);
  const files = new Map(output.map((o) => [`${outdir}/${o.fileName}`, bytesOf(o)]));
  const outputs = {};
  const source = (id) => id.replace(root, '').replace('\0', '');
  for (const o of output) {
    const path = `${outdir}/${o.fileName}`;
    const bytes = files.get(path).length;
    // each module's share of the minified file, by its size before minifying
    const before = Object.values(o.modules ?? {}).reduce((s, m) => s + m.renderedLength, 0) || 1;
    const inputs = Object.entries(o.modules ?? {})
      .map(([id, m]) => [source(id), { bytesInOutput: Math.round((m.renderedLength * bytes) / before) }]);
    const imports = [
      ...(o.imports ?? []).map((f) => ({ path: `${outdir}/${f}`, kind: 'import-statement' })),
      ...(o.dynamicImports ?? []).map((f) => ({ path: `${outdir}/${f}`, kind: 'dynamic-import' })),
    ];
    outputs[path] = { bytes, inputs: Object.fromEntries(inputs), imports, exports: o.exports ?? [] };
    if (o.facadeModuleId) outputs[path].entryPoint = source(o.facadeModuleId);
  }
  return { files, metafile: { outputs } };
}

/** The output files `start` loads before running: itself and what it imports statically, transitively. */
export function staticClosure(metafile, start, seen = new Set()) {
  seen.add(start);
  for (const i of metafile.outputs[start].imports) {
    if (i.kind === 'import-statement' && !seen.has(i.path)) staticClosure(metafile, i.path, seen);
  }
  return seen;
}

/**
 * `outDir`: another folder than dist/, inside the repository (for node_modules); `marker`: as buildClient's (the update
 * journey deploys one build after another).
 */
export async function buildAll({ quiet = false, outDir: dist = `${root}dist`, marker = '' } = {}) {
  const clientOut = relative(root, `${dist}/client`);
  await rm(dist, { recursive: true, force: true });
  const { metafile } = await buildClient({ outdir: clientOut, marker, quiet });
  const outputs = Object.entries(metafile.outputs);
  const [entry] = outputs.find(([, o]) => o.entryPoint === ENTRY);
  const inClient = (f) => f.slice(clientOut.length + 1);
  const css = outputs.filter(([f]) => f.endsWith('.css')).map(([f]) => inClient(f));
  // what the entry loads before it runs: the page asks for it beside the entry, not after it
  const first = staticClosure(metafile, entry);
  const preload = [...first].filter((f) => f !== entry).map(inClient);
  // per chunk of a dynamic import (a page, by its source module): its files that the entry's do not include, which
  // the server names as module preloads of a page that renders it
  const ownFiles = (f) => [...staticClosure(metafile, f)].filter((c) => !first.has(c)).map(inClient);
  const dynamic = outputs.filter(([f, o]) => o.entryPoint && f !== entry);
  const pages = Object.fromEntries(dynamic.map(([f, o]) => [o.entryPoint, ownFiles(f)]));
  const manifest = { entry: inClient(entry), css, preload, pages };
  await writeFile(`${dist}/client/manifest.json`, JSON.stringify(manifest, null, 2));
  await writeFile(`${dist}/client-meta.json`, JSON.stringify(metafile));

  // icons, web app manifest, offline pages and the Workbox service worker with its precache manifest
  const pwa = await buildPwa({ root, dist, metafile, quiet });
  if (!quiet) console.log(`service worker precaches ${pwa.files} files (${Math.round(pwa.bytes / 1024)} KB)`);

  const node = { ...NODE_BUNDLE, absWorkingDir: root, sourcemap: true, logLevel: quiet ? 'error' : 'warning' };
  // The server runs React's production build: its own code is built with NODE_ENV=production, and the packages it keeps
  // external (react, react-dom, ...) pick their build from process.env.NODE_ENV when they load. ESM imports run before
  // any code of the importing file, so dist/server.mjs is a launcher that sets NODE_ENV before it imports the server.
  const server = { entryPoints: ['ui/server-main.ts'], outfile: `${dist}/server-app.mjs`, plugins: SERVER_SHIMS };
  await build({ ...node, ...server, define: { 'process.env.NODE_ENV': '"production"' } });
  await writeFile(`${dist}/server.mjs`, `process.env.NODE_ENV ??= 'production';\nawait import('./server-app.mjs');\n`);
  if (existsSync(`${root}test-fixtures/backend/main.ts`)) {
    await build({ ...node, entryPoints: ['test-fixtures/backend/main.ts'], outfile: `${dist}/backend.mjs` });
  }
  // files the shop links to by name (the home content's banner images): ui/static/* is served as /dist/static/*
  if (existsSync(`${root}ui/static`)) await cp(`${root}ui/static`, `${dist}/client/static`, { recursive: true });
  const compressed = await precompress(`${dist}/client`);
  if (quiet) return;
  console.log(`built ${clientOut}/${inClient(entry)}, server.mjs, backend.mjs (${compressed} .br/.gz copies) in dist/`);
}

/**
 * The server bundle's `name` is `file` (which itself gets the package): ui/app/server-i18next.ts and server-router.ts
 * say why.
 */
const serverShim = (name, file) => ({
  name: file,
  setup(b) {
    const shim = join(root, file);
    const resolve = (args) => (args.importer === shim ? { path: name, external: true } : { path: shim });
    b.onResolve({ filter: new RegExp(`^${name}$`) }, resolve);
  },
});
/** what the server bundle (and benchmarks that render as it does) swap in */
const SHIM_FILES = { 'react-i18next': 'ui/app/server-i18next.ts', 'react-router-dom': 'ui/app/server-router.ts' };
export const SERVER_SHIMS = Object.entries(SHIM_FILES).map(([name, file]) => serverShim(name, file));

/** esbuild's options for code that runs in Node: the server bundle, and the benchmarks (scripts/bench/run.mjs) */
export const NODE_BUNDLE = {
  bundle: true, platform: 'node', format: 'esm', target: ['node20'], packages: 'external', jsx: 'automatic',
  loader: { '.css': 'empty' },
};

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.svg', '.html', '.txt', '.webmanifest', '.xml']);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT } = zlib.constants;

/** `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each compressible file of 1 KB or more: sent as is */
async function precompress(dir) {
  let n = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath ?? entry.path, entry.name);
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name)) || (await stat(file)).size < 1024) continue;
    const body = await readFile(file);
    const brotliParams = { [BROTLI_PARAM_QUALITY]: 11, [BROTLI_PARAM_SIZE_HINT]: body.length };
    const [br, gz] = await Promise.all([brotli(body, { params: brotliParams }), gzip(body, { level: 9 })]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    n++;
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildAll();
