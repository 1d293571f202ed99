import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findViolations, translationGaps, translationKeys, type SourceFile } from './architecture-rules';
import { MESSAGES } from '../../core/messages';
import nl from '../../ui/i18n/nl-NL';
import en from '../../ui/i18n/en-US';

const root = join(__dirname, '..', '..');

function sources(dir: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name)) out.push({ path: relative(root, p).split('\\').join('/'), source: readFileSync(p, 'utf8') });
    }
  };
  walk(join(root, dir));
  return out;
}

describe('dependency rules (docs/architecture.md)', () => {
  const files = ['core', 'adapters', 'ui', 'test-fixtures'].flatMap(sources);

  it('the repository keeps every dependency rule', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(findViolations(files)).toEqual([]);
  });

  it('catches core importing a library other than rxjs, or a file outside core', () => {
    const v = findViolations([
      { path: 'core/cart/bad.ts', source: "import ky from 'ky';\nimport { x } from '../../adapters/http/api-client';\nimport { of } from 'rxjs';" },
    ]);
    expect(v.map((x) => x.detail)).toEqual(['ky', '../../adapters/http/api-client']);
  });

  it('catches core reaching globals instead of ports', () => {
    const v = findViolations([{ path: 'core/x.ts', source: 'export const t = () => Date.now() + Math.random();\nsetTimeout(() => 1, 5);' }]);
    expect(v.map((x) => x.rule)).toEqual(Array(3).fill('core reaches the outside only through ports'));
    // a comment mentioning Date.now() is not code
    expect(findViolations([{ path: 'core/y.ts', source: '// never Date.now() here\nexport const a = 1;' }])).toEqual([]);
  });

  it('catches ui importing ky or idb, adapters importing ui, and app code importing test-fixtures', () => {
    const v = findViolations([
      { path: 'ui/pages/P.tsx', source: "import ky from 'ky';\nimport { openDB } from 'idb';" },
      { path: 'adapters/x.ts', source: "import { App } from '../ui/app/App';" },
      { path: 'ui/app/y.ts', source: "import { startBackend } from '../../test-fixtures/backend';" },
    ]);
    expect(v.map((x) => x.rule)).toEqual([
      'ui never imports ky or idb',
      'ui never imports ky or idb',
      'adapters never import ui',
      'only tests and scripts import test-fixtures',
    ]);
  });

  it('lets tests import test-fixtures and core tests use anything', () => {
    expect(findViolations([{ path: 'core/cart/merge.test.ts', source: "import { startBackend } from '../../test-fixtures/backend';\nimport fc from 'fast-check';" }])).toEqual([]);
  });

  it('catches the demo backend importing a core rule', () => {
    const v = findViolations([
      { path: 'test-fixtures/backend/totals.ts', source: "import { productPrice } from '../../core/catalogue/prices';\nimport type { Product } from '../../core/catalogue/types';" },
    ]);
    expect(v.map((x) => x.detail)).toEqual(['../../core/catalogue/prices']);
  });
});

describe('translations', () => {
  it('every key of en-US exists in nl-NL and the reverse', () => {
    expect(translationGaps(en, nl)).toEqual({ onlyInA: [], onlyInB: [] });
  });

  it('the gap check notices a missing key', () => {
    expect(translationGaps({ a: { b: 'x', c: 'y' } }, { a: { b: 'x' } })).toEqual({ onlyInA: ['a.c'], onlyInB: [] });
  });

  it('every message of core/messages.ts has a text in both locales', () => {
    const keys = new Set(translationKeys(nl));
    const missing = Object.values(MESSAGES).filter((k) => !keys.has(k));
    expect(missing).toEqual([]);
  });

  it('no translation is empty', () => {
    const flat = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(flat));
    expect(flat(nl).filter((s) => s.trim() === '')).toEqual([]);
    expect(flat(en).filter((s) => s.trim() === '')).toEqual([]);
  });
});
