import { use } from 'react';
import { whenIdle } from '../../app/transactions';

/**
 * When a category's server-rendered tiles hydrate: each when it nears the screen, at the shopper's first tap or focus
 * on it, or, a few tiles per idle period, once the browser is idle; until then a tile is its server HTML (its link works
 * as a link). Hydrating the whole grid at load was most of a category page's hydration work, in tasks that a loaded
 * phone stretches past 50 ms (`node scripts/bench/run.mjs lighthouse --pages category`, docs/benchmarks.md).
 *
 * Only the first page's hydration waits: the tiles are found in the server's DOM by the grid's first render, and a
 * client render (another list, Back) finds no waits. A tile that waits sits in a Suspense boundary of its own that a
 * re-render of the grid skips (ui/app/boundaries.tsx boundary), so React keeps its server HTML meanwhile.
 */
interface Wait {
  done: boolean;
  release(): void;
  promise: Promise<void>;
}
const waits = new Map<string, Wait>();
/** tiles released per idle period: a phone's row or two, a few milliseconds of hydration at 4x CPU throttling */
const IDLE_BATCH = 4;
let scanned = false;

/** the grid's tiles in the server's HTML, keyed by SKU (ui/components/catalogue/ProductTile.tsx data-sku) */
export function deferServerTiles(selector: string): void {
  if (scanned || typeof document === 'undefined') return;
  scanned = true;
  const tiles = new Map<Element, string>();
  for (const li of document.querySelectorAll(`${selector} > li[data-sku]`)) {
    const sku = li.getAttribute('data-sku')!;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    const wait: Wait = {
      done: false,
      promise,
      release() {
        wait.done = true;
        waits.delete(sku);
        resolve();
      },
    };
    waits.set(sku, wait);
    tiles.set(li, sku);
  }
  if (!tiles.size) return;
  const releaseAt = (el: Element | null) => {
    const sku = el && tiles.get(el);
    if (sku) waits.get(sku)?.release();
  };
  const near = new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) releaseAt(e.target);
  }, { rootMargin: '400px 0px' });
  for (const li of tiles.keys()) near.observe(li);
  // a tap or focus reaches this capture listener before React's own, so React hydrates the tile at once and hands
  // it the event (a click on a tile that still waited would be the browser's alone)
  const onInput = (e: Event) => releaseAt((e.target as Element | null)?.closest?.('li[data-sku]') ?? null);
  for (const name of ['pointerdown', 'focusin'] as const) window.addEventListener(name, onInput, true);
  // a few tiles per idle period: React hydrates those released together in one pass and one commit
  const next = () => {
    const batch = [...waits.values()].slice(0, IDLE_BATCH);
    if (!batch.length) {
      near.disconnect();
      for (const name of ['pointerdown', 'focusin'] as const) window.removeEventListener(name, onInput, true);
      return;
    }
    for (const wait of batch) wait.release();
    whenIdle(next);
  };
  whenIdle(next);
}

/** Suspends a tile's render while its server HTML waits (see above); returns at once for every other render. */
export function waitForTile(sku: string): void {
  const wait = waits.get(sku);
  if (wait && !wait.done) use(wait.promise);
}

/** Every tile still waiting hydrates: the grid shows other products or is gone, so no render may wait any more. */
export function releaseTiles(): void {
  for (const wait of [...waits.values()]) wait.release();
}
