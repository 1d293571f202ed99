/**
 * The dependency rules (docs/architecture.md "Dependency rules, enforced"), as a checker over source files. The tests
 * run it on the repository and on deliberately broken samples, so a rule that stops biting is noticed.
 */
import { posix } from 'node:path';

export interface SourceFile {
  path: string; // repo-relative, forward slashes
  source: string;
}

export interface Violation {
  path: string;
  rule: string;
  detail: string;
}

const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT_RE)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
}

const isTest = (p: string) => /\.test\.tsx?$/.test(p) || p.includes('/e2e/') || p.includes('/testing/');
const topOf = (p: string) => p.split('/')[0] ?? '';

/** Globals core must reach only through ports (Clock, Scheduler, IdGenerator, Network, Storage). */
const CORE_FORBIDDEN_CODE: Array<[RegExp, string]> = [
  [/\bDate\.now\(\)/, 'Date.now() (use the Clock port)'],
  [/\bMath\.random\(\)/, 'Math.random() (use the IdGenerator port)'],
  [/\b(?:setTimeout|setInterval)\(/, 'timers (use the Scheduler port)'],
  [/\bfetch\(/, 'fetch (use a port)'],
  [/\b(?:window|document|localStorage|navigator)\./, 'browser globals (use a port)'],
  [/\bprocess\.(?:env|argv)/, 'Node globals (pass config in)'],
  [/@(?:injectable|inject)\b/, 'decorators (build plain classes in adapters/wiring*.ts)'],
];

export function findViolations(files: SourceFile[]): Violation[] {
  const v: Violation[] = [];
  for (const f of files) {
    const top = topOf(f.path);
    const test = isTest(f.path);
    for (const spec of importsOf(f.source)) {
      const target = spec.startsWith('.') ? posix.join(posix.dirname(f.path), spec) : spec;
      const targetTop = spec.startsWith('.') ? topOf(target) : '';
      const pkg = spec.startsWith('.') ? '' : spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? '');
      if (top === 'core' && !test && (spec.startsWith('.') ? targetTop !== 'core' : pkg !== 'rxjs')) {
        v.push({ path: f.path, rule: 'core imports only core and rxjs', detail: spec });
      }
      if (top === 'ui' && (pkg === 'ky' || pkg === 'idb')) v.push({ path: f.path, rule: 'ui never imports ky or idb', detail: spec });
      if (top === 'adapters' && targetTop === 'ui') v.push({ path: f.path, rule: 'adapters never import ui', detail: spec });
      if (!test && top !== 'test-fixtures' && top !== 'scripts' && targetTop === 'test-fixtures') {
        v.push({ path: f.path, rule: 'only tests and scripts import test-fixtures', detail: spec });
      }
      if (top === 'test-fixtures' && f.path.startsWith('test-fixtures/backend/') && !test && targetTop === 'core') {
        const allowed = /core\/(ports\/[^/]+|catalogue\/types)$/.test(target);
        if (!allowed) v.push({ path: f.path, rule: 'the demo backend shares wire types, never core rules', detail: spec });
      }
    }
    if (top === 'core' && !test) {
      const code = f.source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
      for (const [re, what] of CORE_FORBIDDEN_CODE) if (re.test(code)) v.push({ path: f.path, rule: 'core reaches the outside only through ports', detail: what });
    }
  }
  return v;
}

/** Flattened keys of a nested translation object ('a.b.c'). */
export function translationKeys(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [prefix.slice(0, -1)];
  return Object.entries(obj).flatMap(([k, v]) => translationKeys(v, `${prefix}${k}.`));
}

export function translationGaps(a: unknown, b: unknown): { onlyInA: string[]; onlyInB: string[] } {
  const ka = new Set(translationKeys(a));
  const kb = new Set(translationKeys(b));
  return { onlyInA: [...ka].filter((k) => !kb.has(k)), onlyInB: [...kb].filter((k) => !ka.has(k)) };
}
