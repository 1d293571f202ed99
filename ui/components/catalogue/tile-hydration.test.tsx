// @vitest-environment jsdom
/**
 * A category's server-rendered tiles hydrate when wanted (tile-hydration.ts): each stays its server HTML until it nears
 * the screen, a tap or focus lands on it, its batch's idle period comes or the grid moves on; a render that is not the first
 * page's hydration never waits. React's own Suspense hydration, with the browser's observers stubbed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, memo, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Module = typeof import('./tile-hydration');
let observed: (entries: Partial<IntersectionObserverEntry>[]) => void;
let idle: (() => void)[];
let root: Root | undefined;

beforeEach(() => {
  vi.resetModules();
  idle = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
        observed = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  Object.assign(window, { requestIdleCallback: (run: () => void) => idle.push(run) });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  Reflect.deleteProperty(window, 'requestIdleCallback');
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const clicks: string[] = [];
function grid({ deferServerTiles, waitForTile }: Module) {
  // as the category page's grid: each tile a memo'd Suspense boundary of its own
  const Tile = memo(function Tile({ sku }: { sku: string }) {
    return (
      <Suspense fallback={null}>
        <TileBody sku={sku} />
      </Suspense>
    );
  });
  function TileBody({ sku }: { sku: string }) {
    waitForTile(sku);
    return (
      <li data-sku={sku}>
        <button type="button" onClick={() => clicks.push(sku)}>
          {sku}
        </button>
      </li>
    );
  }
  return function Grid({ skus }: { skus: string[] }) {
    deferServerTiles('ul.grid');
    return (
      <ul className="grid">
        {skus.map((sku) => (
          <Tile key={sku} sku={sku} />
        ))}
      </ul>
    );
  };
}

const hydrated = (sku: string) => Object.keys(document.querySelector(`li[data-sku="${sku}"]`)!).some((k) => k.startsWith('__reactProps'));
const settle = () => act(async () => {});

async function hydrateServerGrid(skus: string[]) {
  // the server's HTML from a module of its own (a server has no document to find tiles in)
  const ServerGrid = grid(await import('./tile-hydration'));
  document.body.innerHTML = `<div id="app">${renderToString(<ServerGrid skus={skus} />)}</div>`;
  vi.resetModules();
  const tiles = await import('./tile-hydration');
  const Grid = grid(tiles);
  await act(async () => {
    root = hydrateRoot(document.getElementById('app')!, <Grid skus={skus} />);
  });
  return { tiles, Grid };
}

describe('tile hydration', () => {
  it('keeps every tile its server HTML until it nears the screen', async () => {
    await hydrateServerGrid(['A', 'B', 'C']);
    expect(['A', 'B', 'C'].map(hydrated)).toEqual([false, false, false]);
    await act(async () => observed([{ isIntersecting: true, target: document.querySelector('li[data-sku="B"]')! }]));
    await settle();
    expect(['A', 'B', 'C'].map(hydrated)).toEqual([false, true, false]);
  });

  it('hydrates a tile tapped before it was wanted and hands it the click', async () => {
    await hydrateServerGrid(['A', 'B']);
    const button = document.querySelector('li[data-sku="B"] button')!;
    clicks.length = 0;
    await act(async () => {
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(clicks).toEqual(['B']);
    expect(hydrated('A')).toBe(false);
  });

  it('hydrates the rest a few tiles per idle period', async () => {
    const skus = ['A', 'B', 'C', 'D', 'E', 'F'];
    await hydrateServerGrid(skus);
    for (const expected of [[true, true, true, true, false, false], [true, true, true, true, true, true]]) {
      await act(async () => idle.shift()!());
      await settle();
      expect(skus.map(hydrated)).toEqual(expected);
    }
    expect(idle).toHaveLength(1); // the last period finds nothing waiting and asks for no more
    await act(async () => idle.shift()!());
    expect(idle).toHaveLength(0);
  });

  it('releases every tile for other items, and a client render never waits', async () => {
    const { tiles, Grid } = await hydrateServerGrid(['A', 'B']);
    act(() => tiles.releaseTiles());
    await settle();
    expect(['A', 'B'].map(hydrated)).toEqual([true, true]);
    // a grid rendered in the browser (another list, Back): its tiles show at once
    const other = document.createElement('div');
    document.body.append(other);
    const client = createRoot(other);
    await act(async () => client.render(<Grid skus={['C', 'A']} />));
    expect(other.querySelectorAll('li')).toHaveLength(2);
    act(() => client.unmount());
  });
});
