/**
 * useTransactionService on the server: it answers no service, as the hydrating browser does before the transaction
 * half is there, so a server render builds none of the half's services for nothing; the HTML of every component that
 * asks (the review form, the list toggles and links) is what it is when it is handed the services.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { createConfig } from '../../core/config';
import type { Product } from '../../core/catalogue/types';
import { createTestContainer } from '../../adapters/container';
import { TX } from '../../adapters/wiring';
import { ContainerContext } from '../hooks/use-service';
import { createI18n } from '../i18n';
import { ReviewForm } from '../components/account/ReviewForm';
import { ListToggles } from '../components/lists/ListToggles';
import { ListLink } from '../components/lists/ListLinks';
import { WishlistPage } from '../pages/WishlistPage';
import { ComparePage } from '../pages/ComparePage';

const config = createConfig({ api: { url: 'http://api.test' } });
const product: Product = { id: 7, sku: 'LINT-ROOD', name: 'Lint rood', type_id: 'simple', price: 2.5 };
const TOKENS = [TX.Session, TX.Wishlist, TX.Compare];

function render(container: ReturnType<typeof createTestContainer>): string {
  return renderToString(
    <ContainerContext.Provider value={container}>
      <I18nextProvider i18n={createI18n('nl-NL', config)}>
        <StaticRouter location="/p/LINT-ROOD/lint-rood">
          <ListLink kind="wishlist" />
          <ListLink kind="compare" />
          <ListToggles product={product} variant="page" />
          <ListToggles product={product} variant="tile" />
          <ReviewForm productId={7} />
          <WishlistPage />
          <ComparePage />
        </StaticRouter>
      </I18nextProvider>
    </ContainerContext.Provider>,
  );
}

/** a container with both halves bound (as the server's) that counts what is asked of the transaction half */
function counting() {
  const container = createTestContainer({ config });
  const asked: symbol[] = [];
  const get = container.get.bind(container);
  container.get = ((id: symbol) => {
    if (TOKENS.includes(id)) asked.push(id);
    return get(id as never);
  }) as typeof container.get;
  return { container, asked };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('useTransactionService on the server', () => {
  it('answers no service: the session and the lists are not built for a render', () => {
    const { container, asked } = counting();
    for (const token of TOKENS) expect(container.isBound(token)).toBe(true);
    expect(render(container)).toContain('list-toggle--wishlist');
    expect(asked).toEqual([]);
  });

  it('the HTML is what it was with the services handed over (a browser with the half bound, before mount)', () => {
    const server = render(counting().container);
    // the same components where useTransactionService hands over the services bound (as in a browser)
    (globalThis as { window?: unknown }).window = {};
    const { container, asked } = counting();
    const handed = render(container);
    expect(asked.length).toBeGreaterThan(0);
    expect(server).toBe(handed);
  });
});
