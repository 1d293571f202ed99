import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
// @ts-expect-error plain ESM script without types
import { markPure, PURE_FILES, purePackagesPlugin } from './pure-packages.mjs';

const require = createRequire(import.meta.url);
const routerDir = join(dirname(require.resolve('react-router/package.json')), 'dist/development');

/** the react-router files a browser build reads, and their source */
const chunkFiles = () =>
  (readFileSync(join(routerDir, 'index.mjs'), 'utf8').match(/from "\.\/(chunk-[\w-]+\.mjs)"/g) ?? []).map((m) => join(routerDir, m.slice(8, -1)));

describe('react-router with its top level marked free of side effects (scripts/pure-packages.mjs)', () => {
  it('the package still has the statements the rewrite is for (else it no longer pays: look at the package again)', () => {
    const changed = chunkFiles().reduce((n, f) => n + (markPure(readFileSync(f, 'utf8')) as { changed: number }).changed, 0);
    expect(changed).toBeGreaterThan(20);
    expect(PURE_FILES.test(chunkFiles()[0]!)).toBe(true);
  });

  it("Link's framework-mode prefetch is dropped (the shop renders no FrameworkContext: none of framework mode's routers)", () => {
    const dropped = chunkFiles().some((f) => (markPure(readFileSync(f, 'utf8')) as { prefetchDropped: boolean }).prefetchDropped);
    expect(dropped).toBe(true);
    // the shop's browser code: no framework-mode router or context that would make Link prefetch
    const found = ['ui', 'core', 'adapters']
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /\b(HydratedRouter|ServerRouter|UNSAFE_FrameworkContext|createBrowserRouter|RouterProvider)\b/.test(readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('drops only top-level displayName statements and marks only top-level calls', () => {
    const src = [
      'var A = React.createContext(null);',
      'A.displayName = "A";',
      'var L = React10.forwardRef(function L() {});',
      'function f() {',
      '  x.displayName = "x";',
      '  var y = React.createContext(null);',
      '}',
      'var U = new URL("http://localhost");',
    ].join('\n');
    const { code, changed } = markPure(src) as { code: string; changed: number };
    expect(changed).toBe(4);
    expect(code).toContain('var A = /* @__PURE__ */ React.createContext(null);');
    expect(code).not.toContain('A.displayName');
    expect(code).toContain('var L = /* @__PURE__ */ React10.forwardRef(');
    expect(code).toContain('  x.displayName = "x";');
    expect(code).toContain('  var y = React.createContext(null);');
    expect(code).toContain('var U = /* @__PURE__ */ new URL(');
  });

  it('a bundle that uses only useLocation no longer carries NavLink, Form or ScrollRestoration; one that uses Link has it', async () => {
    const bundle = async (names: string) => {
      const r = await build({
        stdin: { contents: `import { ${names} } from 'react-router'; window.x = [${names}];`, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format: 'esm',
        write: false,
        external: ['react', 'react-dom'],
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'error',
        plugins: [purePackagesPlugin()],
      });
      return r.outputFiles[0]!.text;
    };
    const small = await bundle('useLocation');
    expect(small).toContain('function useLocation(');
    for (const gone of ['var NavLink', 'var Form', 'function ScrollRestoration(', 'function HistoryRouter(']) expect(small).not.toContain(gone);
    expect(await bundle('Link, useLocation')).toContain('var Link = /* @__PURE__ */');
  });
});
