// @vitest-environment jsdom
/**
 * ListToggles (spec catalogue §1 wishlist and compare list, spec transactions §3): the HTML the server and the
 * hydrating render write (not pressed: the lists live in the browser), then, mounted, each button toggles its own list,
 * shows it pressed and is announced; the other list stays as it is. The toggles are hooks of ListToggles, so
 * this pins what they did as components of their own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, Profiler } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createConfig } from '../../../core/config';
import type { Product } from '../../../core/catalogue/types';
import type { SkuListService } from '../../../core/user/sku-list-service';
import { listItemOf, type ListItem } from '../../../core/user/list-item';
import { createTestContainer } from '../../../adapters/container';
import { TX } from '../../../adapters/wiring';
import { ContainerContext } from '../../hooks/use-service';
import { createI18n } from '../../i18n';
import { LiveRegion } from '../common/LiveRegion';
import { ListToggles } from './ListToggles';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const config = createConfig({ api: { url: 'http://api.test' } });
const product: Product = { id: 7, sku: 'LINT-ROOD', name: 'Lint "rood" & goud', type_id: 'simple', price: 2.5 };

function app(container: ReturnType<typeof createTestContainer>, variant: 'tile' | 'page', name?: string) {
  return (
    <ContainerContext.Provider value={container}>
      <I18nextProvider i18n={createI18n('nl-NL', config)}>
        <ListToggles product={product} variant={variant} {...(name ? { name } : {})} />
        <LiveRegion />
      </I18nextProvider>
    </ContainerContext.Provider>
  );
}

const TILE =
  '<button type="button" class="list-toggle list-toggle--wishlist" aria-pressed="false" aria-label="Verlanglijst: Lint &quot;rood&quot; &amp; goud" title="Verlanglijst" data-list="wishlist"></button>' +
  '<button type="button" class="list-toggle list-toggle--compare" aria-pressed="false" aria-label="Vergelijken: Lint &quot;rood&quot; &amp; goud" title="Vergelijken" data-list="compare"></button>';
const PAGE =
  '<div class="list-toggles list-toggles--page">' +
  '<button type="button" class="list-toggle list-toggle--wishlist" aria-pressed="false" aria-label="Verlanglijst: Lint" data-list="wishlist"><span class="list-toggle__text">Verlanglijst</span></button>' +
  '<button type="button" class="list-toggle list-toggle--compare" aria-pressed="false" aria-label="Vergelijken: Lint" data-list="compare"><span class="list-toggle__text">Vergelijken</span></button>' +
  '</div>';

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** the toggle's work and the live region's announcement done, in virtual time (never a wait on the clock) */
const settle = () => act(() => vi.runAllTimersAsync());

describe('ListToggles', () => {
  it('the server writes both toggles not pressed, named by their label and the product (tile: icons with a title; page: icons with text)', () => {
    expect(renderToString(app(createTestContainer({ config }), 'tile'))).toContain(TILE);
    expect(renderToString(app(createTestContainer({ config }), 'page', 'Lint'))).toContain(PAGE);
  });

  it('hydrated, each button toggles its own list, shows it pressed and announces it; the other list is left alone', async () => {
    vi.useFakeTimers();
    const container = createTestContainer({ config });
    const host = document.createElement('div');
    host.innerHTML = renderToString(app(container, 'tile'));
    document.body.appendChild(host);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(host, app(container, 'tile'), { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    const wishlist = container.get<SkuListService<ListItem>>(TX.Wishlist);
    const compare = container.get<SkuListService<ListItem>>(TX.Compare);
    const button = (kind: string) => host.querySelector<HTMLButtonElement>(`button[data-list="${kind}"]`)!;
    const live = () => host.querySelector('[data-live-region="polite"]')!.textContent;

    await act(async () => button('wishlist').click());
    await settle();
    expect(wishlist.has(product.sku)).toBe(true);
    expect(compare.has(product.sku)).toBe(false);
    expect(button('wishlist').getAttribute('aria-pressed')).toBe('true');
    // the class that draws the filled icon (ui/styles.css .list-toggle--on::before)
    expect(button('wishlist').className).toBe('list-toggle list-toggle--wishlist list-toggle--on');
    expect(button('compare').getAttribute('aria-pressed')).toBe('false');
    expect(live()).toBe('Lint "rood" & goud staat nu op je verlanglijst');

    await act(async () => button('compare').click());
    await settle();
    expect(compare.has(product.sku)).toBe(true);
    expect(button('compare').getAttribute('aria-pressed')).toBe('true');
    expect(button('compare').className).toBe('list-toggle list-toggle--compare list-toggle--on');
    expect(live()).toBe('Lint "rood" & goud staat nu in je vergelijking');

    await act(async () => button('wishlist').click());
    await settle();
    expect(wishlist.has(product.sku)).toBe(false);
    expect(compare.has(product.sku)).toBe(true);
    expect(button('wishlist').getAttribute('aria-pressed')).toBe('false');
    expect(live()).toBe('Lint "rood" & goud is van je verlanglijst gehaald');
    expect(button('wishlist').getAttribute('aria-disabled')).toBeNull();
  });

  it('re-renders only when its own product goes on or off a list: not once mounted, nor when another product changes', async () => {
    vi.useFakeTimers();
    const container = createTestContainer({ config });
    const host = document.createElement('div');
    host.innerHTML = renderToString(app(container, 'tile'));
    document.body.appendChild(host);
    let commits = 0;
    const counted = (
      <Profiler id="tile" onRender={() => void commits++}>
        {app(container, 'tile')}
      </Profiler>
    );
    await act(async () => {
      root = hydrateRoot(host, counted);
    });
    await settle();
    // the hydration's commit, and no second one once mounted (a category page's hundred tiles each re-rendered then)
    expect(commits).toBe(1);
    const wishlist = container.get<SkuListService<ListItem>>(TX.Wishlist);
    await act(async () => wishlist.toggle(listItemOf({ ...product, id: 8, sku: 'ANDER' })));
    await settle();
    expect(commits).toBe(1);
    await act(async () => wishlist.toggle(listItemOf(product)));
    await settle();
    expect(commits).toBe(2);
    expect(host.querySelector('button[data-list="wishlist"]')!.getAttribute('aria-pressed')).toBe('true');
  });
});
