/**
 * Runs every ```ts example of docs/sdk.md (except those marked `example-only`) and checks each
 * `console.log(x); // → JSON` line against the JSON after the arrow, so the SDK doc cannot drift from the code.
 * Examples marked ```ts live run against the demo backend, started here on a free port in place of http://127.0.0.1:8080.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..');
const doc = readFileSync(join(root, 'docs', 'sdk.md'), 'utf8');
const fenced = [...doc.matchAll(/```ts( example-only| live)?\n([\s\S]*?)```/g)].filter((m) => m[1] !== ' example-only');
const blocks = fenced.map((m) => m[2]!);
const live = fenced.map((m) => m[1] === ' live');

let backend: { url: string; close(): Promise<void> } | undefined;
beforeAll(async () => {
  if (!live.some(Boolean)) return;
  const { startBackend } = await import('../test-fixtures/backend');
  backend = await startBackend({ port: 0, dataDir: ':memory:', log: () => undefined });
});
afterAll(async () => backend?.close());

describe('docs/sdk.md examples', () => {
  it('has an example for every named export of the catalogue SDK', () => {
    for (const name of ['createHeadlessShop', 'cartItemIdentity', 'mergeCartItems', 'cartNeedsSync', 'createTokenLock', 'createTaskQueue', 'minicartCount', 'paymentStatusGroup', 'isInCheckout', 'buildSearchQuery', 'toggleFilter', 'priceRangeLabel', 'selectConfigurableChild', 'availableOptionValues', 'isSpecialPriceActive', 'productPrice', 'groupedProductPrice', 'bundleProductPrice', 'formatPrice', 'productLink', 'categoryLink', 'buildCategoryTree']) {
      expect(doc).toMatch(new RegExp('#{2,4} `' + name));
      expect(blocks.some((b) => new RegExp(`\\b${name}\\(`).test(b))).toBe(true);
    }
  });

  blocks.forEach((block, i) => {
    it(`example ${i + 1} runs and prints what it says`, async () => {
      const expected = [...block.matchAll(/console\.log\(.*\); \/\/ → (.*)$/gm)].map((m) => JSON.parse(m[1]!) as unknown);
      const dir = mkdtempSync(join(tmpdir(), 'sdk-example-'));
      const file = join(dir, `example-${i}.ts`);
      const code = live[i] ? block.replaceAll('http://127.0.0.1:8080', backend!.url) : block;
      writeFileSync(file, code.replace(/from '\.\.\//g, `from '${root}/`));
      const logged: unknown[] = [];
      const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void logged.push(args.length === 1 ? args[0] : args));
      try {
        await import(/* @vite-ignore */ pathToFileURL(file).href);
      } finally {
        spy.mockRestore();
        rmSync(dir, { recursive: true, force: true });
      }
      expect(JSON.parse(JSON.stringify(logged))).toEqual(expected);
    });
  });
});
