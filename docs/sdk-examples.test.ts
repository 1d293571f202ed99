/**
 * Runs every ```ts example of docs/sdk.md (except those marked `example-only`) and checks each
 * `console.log(x); // → JSON` line against the JSON after the arrow, so the SDK doc cannot drift from the code.
 */
import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';

const root = resolve(__dirname, '..');
const doc = readFileSync(join(root, 'docs', 'sdk.md'), 'utf8');
const blocks = [...doc.matchAll(/```ts( example-only)?\n([\s\S]*?)```/g)].filter((m) => !m[1]).map((m) => m[2]!);

describe('docs/sdk.md examples', () => {
  it('has an example for every named export of the catalogue SDK', () => {
    for (const name of ['cartItemIdentity', 'mergeCartItems', 'cartNeedsSync', 'createTokenLock', 'createTaskQueue', 'minicartCount', 'paymentStatusGroup', 'isInCheckout', 'buildSearchQuery', 'toggleFilter', 'priceRangeLabel', 'selectConfigurableChild', 'availableOptionValues', 'isSpecialPriceActive', 'productPrice', 'groupedProductPrice', 'bundleProductPrice', 'formatPrice', 'productLink', 'categoryLink', 'buildCategoryTree']) {
      expect(doc).toMatch(new RegExp('#{2,4} `' + name));
      expect(blocks.some((b) => new RegExp(`\\b${name}\\(`).test(b))).toBe(true);
    }
  });

  blocks.forEach((block, i) => {
    it(`example ${i + 1} runs and prints what it says`, async () => {
      const expected = [...block.matchAll(/console\.log\(.*\); \/\/ → (.*)$/gm)].map((m) => JSON.parse(m[1]!) as unknown);
      const dir = mkdtempSync(join(tmpdir(), 'sdk-example-'));
      const file = join(dir, `example-${i}.ts`);
      writeFileSync(file, block.replace(/from '\.\.\//g, `from '${root}/`));
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
