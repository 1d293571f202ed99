/**
 * CMS pages and blocks (spec catalogue §3.5, §7, §8) by identifier with the store id; none gives 'CMS query returned
 * empty result'. Identifiers come from the URL: read by own entry only (`/i/constructor` is an unknown page).
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import { ownEntry } from '../dictionary';
import { MESSAGES, ShopError } from '../messages';
import type { ContentApi } from '../ports/content-api';
import type { Logger } from '../ports/logger';
import type { CmsBlock, CmsPage } from './types';

export interface CmsState {
  readonly pages: Readonly<Record<string, CmsPage>>;
  readonly blocks: Readonly<Record<string, CmsBlock>>;
  readonly current?: CmsPage;
}

export class CmsService extends StateHolder<CmsState> {
  constructor(
    private readonly api: ContentApi,
    private readonly config: ShopConfig,
    private readonly storeId = 1,
    private readonly logger?: Logger,
  ) {
    super({ pages: {}, blocks: {} });
  }

  /** Load a page by identifier and make it current; throws the cmsQueryEmpty ShopError when none (spec §8). */
  async loadPage(identifier: string): Promise<CmsPage> {
    const known = ownEntry(this.state.value.pages, identifier);
    const page = known ?? (await this.api.pageByIdentifier(identifier, this.storeId));
    if (!page) throw new ShopError(MESSAGES.cmsQueryEmpty);
    this.state.next({ ...this.state.value, pages: { ...this.state.value.pages, [identifier]: page }, current: page });
    return page;
  }

  /** Load one block by identifier (answers undefined, logged, when missing: a missing block never breaks a page). */
  async loadBlock(identifier: string): Promise<CmsBlock | undefined> {
    const known = ownEntry(this.state.value.blocks, identifier);
    if (known) return known;
    try {
      const block = await this.api.blockByIdentifier(identifier, this.storeId);
      if (!block) throw new ShopError(MESSAGES.cmsQueryEmpty);
      this.state.next({ ...this.state.value, blocks: { ...this.state.value.blocks, [identifier]: block } });
      return block;
    } catch (e) {
      this.logger?.debug('CMS block not loaded', 'cms', { identifier, error: String(e) });
      return undefined;
    }
  }

  /** Load a block list (size 150 by default), optionally filtered by identifiers. */
  async loadBlocks(identifiers?: readonly string[]): Promise<CmsBlock[]> {
    const blocks = await this.api.blocks({ ...(identifiers ? { identifiers } : {}), size: this.config.cms.blockListSize });
    // fromEntries defines each entry as the object's own: an identifier '__proto__' never sets the prototype
    const all = { ...this.state.value.blocks, ...Object.fromEntries(blocks.map((b) => [b.identifier, b])) };
    this.patch({ blocks: all });
    return blocks;
  }
}
