// Issue 10: the browser bundle imports rxjs's operators and classes from their own modules, not through the package's
// index. Why: esbuild places a module in the chunk of every entry point that reaches it, and an entry point that
// imports anything from 'rxjs' reaches every module the index re-exports, used or not. The first page imports only
// Subject, BehaviorSubject, distinctUntilChanged and NEVER, but the operators the transaction half uses (pairwise,
// startWith, skip, map, mergeMap with innerFrom and tslib's async helpers, ...) were placed beside them in the first
// load's chunk. With `import { pairwise } from 'rxjs/internal/operators/pairwise'` (what the index re-exports, the
// same module) only the half reaches it. The source keeps `from 'rxjs'` (the server and the tests run it so).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inlineMessages, readMessages } from './inline-messages.mjs';

const require = createRequire(import.meta.url);

/** name -> module path under 'rxjs/internal/', read from the package's ES2015 index (export { a, b as c } from './internal/x') */
export async function rxjsExports() {
  const index = join(dirname(require.resolve('rxjs/package.json')), 'dist/esm/index.js');
  const map = new Map();
  for (const m of (await readFile(index, 'utf8')).matchAll(/export \{([^}]*)\} from '\.\/internal\/([^']+)';/g)) {
    for (const spec of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
      const [name, as] = spec.split(/\s+as\s+/);
      map.set(as ?? name, { module: `rxjs/internal/${m[2]}`, name });
    }
  }
  return map;
}

/**
 * `source` with each `import { ... } from 'rxjs'` split into one import per module (type-only names stay an import
 * from 'rxjs', which TypeScript erases). Answers the source unchanged when a name is not in `exports` (the build then
 * reaches it through the index, as before).
 */
export function splitRxjsImports(source, exports) {
  return source.replace(/import\s*\{([^}]*)\}\s*from\s*['"]rxjs['"];?/g, (whole, list) => {
    const specs = list.split(',').map((s) => s.trim()).filter(Boolean);
    const types = specs.filter((s) => s.startsWith('type '));
    const values = specs.filter((s) => !s.startsWith('type '));
    if (values.some((s) => !exports.has(s.split(/\s+as\s+/)[0]))) return whole;
    const out = values.map((s) => {
      const [name, local] = s.split(/\s+as\s+/);
      const e = exports.get(name);
      return `import { ${e.name}${local || e.name !== name ? ` as ${local ?? name}` : ''} } from '${e.module}';`;
    });
    if (types.length) out.push(`import { ${types.join(', ')} } from 'rxjs';`);
    return out.join(' ');
  });
}

/**
 * The esbuild plugin: the shop's own modules (not node_modules) get their rxjs imports split, and their MESSAGES
 * reads inlined (scripts/inline-messages.mjs; one plugin: esbuild takes the first onLoad that answers).
 */
export function deepImportsPlugin({ root } = {}) {
  let exports;
  let messages;
  return {
    name: 'deep-imports',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const source = await readFile(args.path, 'utf8');
        const rx = /from\s*['"]rxjs['"]/.test(source);
        const msg = /\bMESSAGES\./.test(source) && !args.path.endsWith('/core/messages.ts');
        if (!rx && !msg) return undefined;
        let contents = source;
        if (rx) contents = splitRxjsImports(contents, (exports ??= await rxjsExports()));
        if (msg) contents = inlineMessages(contents, (messages ??= await readMessages(root ?? build.initialOptions.absWorkingDir ?? process.cwd())), args.path);
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
}
