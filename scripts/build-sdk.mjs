// `npm run build:sdk`: the SDK as a package an integrator installs, in dist/sdk/ (or the folder given): ESM entries
// index.js, adapters.js, testing.js (esbuild; code shared between entries split out once, so `instanceof ApiError` holds
// across entries), tsc declarations in types/ and its package.json. Then `npm pack ./dist/sdk` makes the tarball.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRIES = { index: 'core/index.ts', adapters: 'adapters/index.ts', testing: 'core/testing/index.ts' };
/** the only runtime dependencies of the SDK: everything else is bundled or not part of it */
const RUNTIME_DEPENDENCIES = ['rxjs', 'ky', 'idb', 'lru-cache'];
/** the package's own name: the app's package.json (papier-storefront) names the storefront, not the SDK */
export const SDK_NAME = '@papier/storefront-sdk';

export async function buildSdk({ outDir = join(root, 'dist', 'sdk'), quiet = false } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: ['es2022'],
    external: RUNTIME_DEPENDENCIES,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    sourcemap: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = inputs.filter((f) => /node_modules\/(reflect-metadata|inversify|react|@inversifyjs)\//.test(f) || /^(ui|test-fixtures)\//.test(f) || f === 'adapters/container.ts');
  if (forbidden.length) throw new Error(`the SDK must not bundle ${forbidden.join(', ')}`);
  const outside = new Set();
  for (const o of Object.values(result.metafile.outputs)) for (const i of o.imports ?? []) if (i.external) outside.add(i.path.split('/')[0]);
  const unexpected = [...outside].filter((p) => !RUNTIME_DEPENDENCIES.includes(p));
  if (unexpected.length) throw new Error(`the SDK imports packages it does not depend on: ${unexpected.join(', ')}`);

  // declarations with tsc (esbuild emits none), the repository's compiler options without Node's types
  const typesDir = join(outDir, 'types');
  const tsconfig = join(outDir, 'tsconfig.sdk.json');
  writeFileSync(tsconfig, JSON.stringify({
    extends: join(root, 'tsconfig.json'),
    compilerOptions: {
      types: [], declaration: true, emitDeclarationOnly: true, rootDir: root, outDir: typesDir, noEmit: false,
    },
    include: [],
    files: Object.values(ENTRIES).map((f) => join(root, f)),
  }));
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], { cwd: root, encoding: 'utf8' });
  rmSync(tsconfig);
  if (tsc.status !== 0) throw new Error(`tsc declarations failed:\n${tsc.stdout}${tsc.stderr}`);
  addJsExtensions(typesDir);

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dependencies = Object.fromEntries(RUNTIME_DEPENDENCIES.map((d) => [d, pkg.dependencies[d]]));
  const types = (entry) => `./types/${ENTRIES[entry].replace(/\.ts$/, '.d.ts')}`;
  writeFileSync(
    join(outDir, 'package.json'),
    `${JSON.stringify(
      {
        name: SDK_NAME,
        version: pkg.version,
        description: 'Papier & Lint storefront SDK: framework-free core (rules + RxJS services behind ports) and its adapters',
        type: 'module',
        engines: pkg.engines,
        sideEffects: false,
        main: './index.js',
        types: types('index'),
        exports: {
          '.': { types: types('index'), import: './index.js' },
          './adapters': { types: types('adapters'), import: './adapters.js' },
          './testing': { types: types('testing'), import: './testing.js' },
          './package.json': './package.json',
        },
        dependencies,
      },
      null,
      2,
    )}\n`,
  );
  if (!quiet) console.log(`SDK built in ${relative(root, outDir) || outDir}: ${Object.keys(ENTRIES).map((e) => `${e}.js`).join(', ')} + types/ (dependencies: ${RUNTIME_DEPENDENCIES.join(', ')})`);
  return { outDir };
}

/** `from './x'` → `from './x.js'` (or './x/index.js'): Node 16 resolution wants the file a relative import names. */
function addJsExtensions(dir) {
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.d.ts')) continue;
    const file = join(dir, name);
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(/((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*)\2/g, (all, head, q, spec) => {
      if (/\.(js|json)$/.test(spec)) return all;
      const base = resolve(dirname(file), spec);
      if (existsSync(`${base}.d.ts`)) return `${head}${q}${spec}.js${q}`;
      if (existsSync(join(base, 'index.d.ts'))) return `${head}${q}${spec}/index.js${q}`;
      throw new Error(`${relative(dir, file)}: cannot resolve ${spec}`);
    });
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildSdk({ outDir: process.argv[2] ? resolve(process.argv[2]) : undefined });
}
