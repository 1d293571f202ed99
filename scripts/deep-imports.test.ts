import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { rxjsExports, splitRxjsImports } from './deep-imports.mjs';

describe("rxjs imported from its own modules in the browser bundle (scripts/deep-imports.mjs)", () => {
  it('reads every name of the index with its module', async () => {
    const exports = (await rxjsExports()) as Map<string, { module: string; name: string }>;
    expect(exports.get('BehaviorSubject')).toEqual({ module: 'rxjs/internal/BehaviorSubject', name: 'BehaviorSubject' });
    expect(exports.get('pairwise')).toEqual({ module: 'rxjs/internal/operators/pairwise', name: 'pairwise' });
    expect(exports.size).toBeGreaterThan(150);
  });

  it('splits an import per module, keeps type-only names on rxjs, and leaves an import with an unknown name as it was', async () => {
    const exports = await rxjsExports();
    const src = "import { BehaviorSubject, distinctUntilChanged as dc, type Observable } from 'rxjs';\nconst x = 1;";
    const out = splitRxjsImports(src, exports) as string;
    expect(out).toContain("import { BehaviorSubject } from 'rxjs/internal/BehaviorSubject';");
    expect(out).toContain("import { distinctUntilChanged as dc } from 'rxjs/internal/operators/distinctUntilChanged';");
    expect(out).toContain("import { type Observable } from 'rxjs';");
    expect(out).toContain('const x = 1;');
    const unknown = "import { Subject, notAnRxjsName } from 'rxjs';";
    expect(splitRxjsImports(unknown, exports)).toBe(unknown);
  });

  it('the deep modules resolve in the browser build (the es2015 condition) to the same files the index re-exports', async () => {
    const { build } = await import('esbuild');
    const r = await build({
      stdin: { contents: "import { BehaviorSubject } from 'rxjs/internal/BehaviorSubject'; import { BehaviorSubject as B } from 'rxjs'; console.log(BehaviorSubject === B);", resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      write: false,
      metafile: true,
      conditions: ['es2015'],
      format: 'esm',
      logLevel: 'error',
    });
    const inputs = Object.keys(r.metafile.inputs).filter((i) => i.endsWith('internal/BehaviorSubject.js'));
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toContain('rxjs/dist/esm/internal/');
  });
});
