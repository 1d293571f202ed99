import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { countByFile, findDictionaryLookups } from './dictionary-lookups';

const root = join(__dirname, '..', '..');

/** The code that serves requests: tests, the browser tests, the demo catalogue's generator and the bench tools aside. */
const SERVED = (path: string) =>
  /^(core|adapters|ui|test-fixtures\/backend)\//.test(path) &&
  !/\.test\.tsx?$|\/e2e\/|\/testing\/|^test-fixtures\/backend\/(search\/reference\/|fuzz\.ts|test-helpers\.ts)/.test(path);

/**
 * Lookups by a string key into a plain object that were read and found to take their keys from the code, the
 * shop's configuration or the catalogue's own data, never from a request: file → [how many, why]. A new lookup in
 * one of these files changes its count and fails the test, so it is read too; a file not listed must have none.
 */
const REVIEWED: Record<string, [number, string]> = {
  'core/config.ts': [2, 'merges the shop configuration with its defaults (keys of the configuration)'],
  'core/page-title.ts': [1, 'interpolation names of the shop\'s own title templates'],
  'core/catalogue/search-query.ts': [1, 'range parameter names'],
  'core/catalogue/filters.ts': [9, 'keys are the configured route query parameters and filter types; a URL\'s values are read by them'],
  'core/catalogue/variant-merge.ts': [4, 'attribute codes of the product\'s own configurable options and of the configured filters; the fields of a child merged into its product'],
  'core/catalogue/time-zone.ts': [1, 'the configured time zone'],
  'core/routing/routes.ts': [2, 'parameter names of the route table'],
  'core/catalogue/custom-option-validation.ts': [2, 'field names made from the product\'s custom options'],
  'core/cart/cart-totals-sync.ts': [2, 'item ids of the server\'s own cart answer'],
  'core/user/list-items.ts': [2, 'attribute codes of the product\'s configurable options'],
  'ui/app/dehydrate.ts': [15, 'service names of the app\'s own container and their state fields'],
  'ui/app/routes.tsx': [2, 'route names and dispatch kinds of the route table'],
  'ui/pages/StaticPage.tsx': [2, 'route names of the route table'],
  'ui/components/common/ModalHost.tsx': [1, 'modal names of the code'],
  'ui/components/catalogue/ConfigurableOptions.tsx': [3, 'attribute codes of the product\'s configurable options'],
  'ui/app/server-router.ts': [2, 'prop names of the router\'s own elements'],
  'ui/app/server-i18next.ts': [1, 'i18next option names'],
  'ui/sw.ts': [2, 'the locale the service worker was built for, and the default'],
  'test-fixtures/backend/http.ts': [2, 'route keys of the router\'s own table and schemas'],
  'test-fixtures/backend/totals.ts': [2, 'attribute codes of the catalogue\'s configurable options'],
};

/**
 * Lookups by a key that comes from a request, in files whose owners change them on their own branches (listed in
 * docs/security.md under "Known and left open"): file → [how many, where the key comes from].
 */
const OPEN: Record<string, [number, string]> = {};

function repositoryProgram(): ts.Program {
  const files = ['core', 'adapters', 'ui', 'test-fixtures/backend']
    .flatMap((d) => (readdirSync(join(root, d), { recursive: true }) as string[]).map((f) => `${d}/${f.split('\\').join('/')}`))
    .filter((f) => /\.tsx?$/.test(f) && SERVED(f));
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json not readable');
  return ts.createProgram(files.map((f) => join(root, f)), config.options);
}

/** A program of one in-memory file (with the default library). */
function sampleProgram(source: string): ts.Program {
  const options: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], strict: true, noUncheckedIndexedAccess: true, types: [] };
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => (name === '/sample/x.ts' ? ts.createSourceFile(name, source, version, true) : original(name, version, ...rest));
  host.fileExists = ((exists) => (name: string) => name === '/sample/x.ts' || exists(name))(host.fileExists.bind(host));
  return ts.createProgram(['/sample/x.ts'], options, host);
}

describe('no dictionary keyed by input inherits from Object.prototype', () => {
  it('the served code has no plain-object lookup by a string key other than the reviewed ones', () => {
    const lookups = findDictionaryLookups(repositoryProgram(), SERVED, `${root}/`);
    const found = countByFile(lookups);
    const expected: Record<string, [number, string]> = { ...REVIEWED, ...OPEN };
    // a file whose count changed, with its lookups: read each, then make it a Map or ownEntry, or update the count
    const changed = [...new Set([...Object.keys(found), ...Object.keys(expected)])]
      .filter((path) => (found[path] ?? 0) !== (expected[path]?.[0] ?? 0))
      .map((path) => ({ path, expected: expected[path]?.[0] ?? 0, lookups: lookups.filter((l) => l.path === path).map((l) => `${l.line}: ${l.text}`) }));
    expect(changed).toEqual([]);
  }, 180_000);

  it('finds a read and a write by a string key, and passes Maps, own-entry reads, prototype-free objects and literal keys', () => {
    const found = findDictionaryLookups(
      sampleProgram(`
        const pages: Record<string, { slug: string }> = {};
        export function page(identifier: string) { return pages[identifier]; }
        export function remember(identifier: string, slug: string) { pages[identifier] = { slug }; }
        export function query(q: string) { const out: Record<string, string> = {}; out[q] = q; return out; }
        const byMap = new Map<string, number>();
        export const a = (k: string) => byMap.get(k);
        export const b = (k: string) => (Object.hasOwn(pages, k) ? pages[k] : undefined);
        export const c = (k: string) => (Object.prototype.hasOwnProperty.call(pages, k) ? pages[k] : undefined);
        export function d(k: string) { const bare: Record<string, number> = Object.create(null) as Record<string, number>; bare[k] = 1; return bare[k]; }
        const LABELS: Record<'a' | 'b', string> = { a: 'A', b: 'B' };
        export const e = (k: 'a' | 'b') => LABELS[k] + pages['home'];
        export const f = (list: string[], i: number) => list[i];
      `),
      (p) => p === 'sample/x.ts',
      '',
    );
    expect(found.map((l) => l.text)).toEqual(['pages[identifier]', 'pages[identifier]', 'out[q]']);
  }, 60_000);
});
