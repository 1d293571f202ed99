import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { MESSAGES } from '../messages';
import type { ContentApi } from '../ports/content-api';
import type { UrlMapHit, UrlMapRequest, UrlMapper } from '../ports/url-mapper';
import { childSkuOf, UrlDispatcher } from '../routing/dispatcher';
import { plainText } from '../seo/description';
import { paymentLabelOfOrder } from '../user/order-details';
import type { OrderHistoryItem } from '../ports/user-api';
import { matchRoute } from '../routing/routes';
import { addAttributes, attributeCodesToLoad, attributeLabel, EMPTY_ATTRIBUTES, itemOptionLabels } from './attributes';
import { CmsService } from './cms-service';
import type { CmsBlock, CmsPage } from './types';

/**
 * Names every plain object inherits: a URL or a request that names one of them must find nothing. A page keyed by
 * `pages[identifier]` answered Object.prototype for `/i/__proto__` and the render waited for a slug that never came.
 */
const INHERITED = Object.getOwnPropertyNames(Object.prototype);
const inherited = fc.constantFrom(...INHERITED);

/** The content API of a shop with one page and one block: every other identifier is unknown. */
function content(): ContentApi & { asked: string[] } {
  const asked: string[] = [];
  const page: CmsPage = { id: 1, identifier: 'privacy' };
  const block: CmsBlock = { id: 2, identifier: 'footer' } as CmsBlock;
  return {
    asked,
    pageById: async () => undefined,
    blockById: async () => undefined,
    pageByIdentifier: async (id) => (asked.push(id), id === 'privacy' ? page : undefined),
    blockByIdentifier: async (id) => (asked.push(id), id === 'footer' ? block : undefined),
    blocks: async () => [block],
  };
}

describe('names a plain object inherits are unknown entries', () => {
  it('a CMS page named after one is not found (cmsQueryEmpty), asked of the API like any unknown page // spec catalogue §8', async () => {
    await fc.assert(
      fc.asyncProperty(inherited, async (name) => {
        const api = content();
        const cms = new CmsService(api, DEFAULT_CONFIG);
        await cms.loadPage('privacy');
        await expect(cms.loadPage(name)).rejects.toMatchObject({ key: MESSAGES.cmsQueryEmpty });
        expect(api.asked).toEqual(['privacy', name]);
        expect(cms.snapshot().current).toEqual({ id: 1, identifier: 'privacy' });
      }),
      { numRuns: INHERITED.length * 2 },
    );
  });

  it('a CMS block named after one is missing (undefined), and a block list naming one does not change the prototype', async () => {
    for (const name of INHERITED) {
      const cms = new CmsService({ ...content(), blocks: async () => [{ id: 9, identifier: name } as CmsBlock] }, DEFAULT_CONFIG);
      expect(await new CmsService(content(), DEFAULT_CONFIG).loadBlock(name)).toBeUndefined();
      await cms.loadBlocks();
      const blocks = cms.snapshot().blocks;
      expect(Object.getPrototypeOf(blocks)).toBe(Object.prototype);
      expect(Object.keys(blocks)).toEqual([name]);
    }
  });

  it('a path naming one is mapped like any unknown path; its query never gives an inherited childSku // spec catalogue §2.3', async () => {
    expect(childSkuOf('/x?a=1')).toBeUndefined();
    expect(childSkuOf('/x?childSku=A%2B1&b#childSku=no')).toBe('A+1');
    class NoMapper implements UrlMapper {
      async map(_request: UrlMapRequest): Promise<UrlMapHit | null> {
        return null;
      }
    }
    const d = new UrlDispatcher(new NoMapper(), DEFAULT_CONFIG);
    for (const name of INHERITED) {
      expect(await d.resolve(`/${name}`)).toEqual({ kind: 'not-found', name: 'page-not-found', params: { slug: 'page-not-found' } });
      expect(matchRoute(`/i/${name}`).params).toEqual({ slug: name });
    }
  });

  it('an attribute code named after one is loaded (not taken as known) and has no label of its own', () => {
    for (const name of INHERITED) {
      expect(attributeCodesToLoad([name], EMPTY_ATTRIBUTES)).toEqual([name]);
      expect(attributeLabel(EMPTY_ATTRIBUTES, name, 'fallback')).toBe('fallback');
      expect(itemOptionLabels(EMPTY_ATTRIBUTES, { option_id: name, option_value: 1 })).toEqual({ label: name, value: '1' });
      expect(Object.getPrototypeOf(addAttributes(EMPTY_ATTRIBUTES, [], [name]).byCode)).toBe(Object.prototype);
    }
  });

  it("an order or payment status named after one is labelled 'pending'; an entity named after one stays as written", () => {
    for (const name of INHERITED) {
      const order = { entity_id: 1, increment_id: '1', status: name, payment: { status: name } } as unknown as OrderHistoryItem;
      expect(paymentLabelOfOrder(order)).toBe(MESSAGES.paymentLabelPending);
      if (/^[a-z]+$/i.test(name)) expect(plainText(`<p>a &${name}; b</p>`)).toBe(`a &${name}; b`);
    }
  });
});
