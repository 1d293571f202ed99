/** Wishlist and compare lists (spec transactions §3 "keyed by sku; wishlist items get qty 1 on add", §7). */
import { StateHolder } from '../state-holder';
import { STORAGE_COLLECTIONS, type Storage } from '../ports/storage';
import type { CrossTab, CrossTabTopic } from '../ports/cross-tab';

export interface SkuItem {
  readonly sku: string;
  readonly [field: string]: unknown;
}

export interface SkuListState<T extends SkuItem> {
  readonly loaded: boolean;
  readonly items: readonly T[];
}

const seqOf = (item: SkuItem): number => (typeof item.seq === 'number' ? item.seq : 0);

/** The next add's place: after every item this tab knows. */
export function nextSeq(items: readonly SkuItem[]): number {
  return items.reduce((max, i) => Math.max(max, seqOf(i)), 0) + 1;
}

/** Items in the order they were added (their seq; equal or missing ones by sku). */
export function inAddedOrder<T extends SkuItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => seqOf(a) - seqOf(b) || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

export class SkuListService<T extends SkuItem> extends StateHolder<SkuListState<T>> {
  constructor(
    private readonly storage: Storage,
    private readonly collection: string,
    /** how an item is stored on add (the wishlist sets qty 1) */
    private readonly onAdd: (item: T) => T = (item) => item,
    /** the list is the browser's; a change is announced on this topic and other tabs re-read it */
    private readonly sync?: { crossTab: CrossTab; topic: CrossTabTopic },
  ) {
    super({ loaded: false, items: [] });
    sync?.crossTab.messages$.subscribe((m) => {
      if (m.topic === sync.topic) void this.load();
    });
  }

  private announce(): void {
    this.sync?.crossTab.publish({ topic: this.sync.topic });
  }

  async load(): Promise<void> {
    const entries = await this.storage.entries<T>(this.collection);
    this.state.next({ loaded: true, items: inAddedOrder(entries.map(([, v]) => v)) });
  }

  has(sku: string): boolean {
    return this.state.value.items.some((i) => i.sku === sku);
  }

  async add(item: T): Promise<void> {
    // the order the shopper added them in survives a reload (storage answers by key); adding again keeps the place
    const known = this.state.value.items.find((i) => i.sku === item.sku);
    const stored = { ...this.onAdd(item), seq: typeof known?.seq === 'number' ? known.seq : nextSeq(this.state.value.items) };
    await this.storage.set(this.collection, stored.sku, stored);
    const rest = this.state.value.items.filter((i) => i.sku !== stored.sku);
    this.patch({ items: inAddedOrder([...rest, stored]) });
    this.announce();
  }

  async remove(sku: string): Promise<void> {
    await this.storage.remove(this.collection, sku);
    this.patch({ items: this.state.value.items.filter((i) => i.sku !== sku) });
    this.announce();
  }

  async toggle(item: T): Promise<void> {
    if (this.has(item.sku)) await this.remove(item.sku);
    else await this.add(item);
  }

  async clear(): Promise<void> {
    await this.storage.clear(this.collection);
    this.patch({ items: [] });
    this.announce();
  }
}

export class WishlistService<T extends SkuItem = SkuItem> extends SkuListService<T> {
  constructor(storage: Storage, crossTab?: CrossTab) {
    super(storage, STORAGE_COLLECTIONS.wishlist, (item) => ({ ...item, qty: 1 }), crossTab && { crossTab, topic: 'wishlist' });
  }
}

export class CompareService<T extends SkuItem = SkuItem> extends SkuListService<T> {
  constructor(storage: Storage, crossTab?: CrossTab) {
    super(storage, STORAGE_COLLECTIONS.compare, undefined, crossTab && { crossTab, topic: 'compare' });
  }
}
