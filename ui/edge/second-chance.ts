/**
 * A bounded map that evicts by second chance (CLOCK): the oldest entry goes first, unless it was read since it last
 * came round, in which case it goes to the back, unmarked. Reading an entry only marks it: an LRU that moves an entry
 * on every read re-inserts its key, and for the ~50 KB page ends the server keeps by their text (ui/server.ts
 * endShellOf) a re-insert cost ten times the lookup (a micro-benchmark: 67 µs vs 6 µs).
 */
export class SecondChanceMap<K, V> {
  private readonly entries = new Map<K, { value: V; read: boolean }>();

  constructor(private readonly max: number) {
    if (!(max >= 1)) throw new Error(`SecondChanceMap: max must be at least 1, got ${max}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    e.read = true;
    return e.value;
  }

  /** adds (or replaces) an entry, unread; room is made first, so the new entry is never the one evicted */
  set(key: K, value: V): void {
    if (this.entries.delete(key)) {
      this.entries.set(key, { value, read: false });
      return;
    }
    // ends within one round: every entry moved to the back is unmarked
    while (this.entries.size >= this.max) {
      const [oldest, e] = this.entries.entries().next().value as [K, { value: V; read: boolean }];
      this.entries.delete(oldest);
      if (e.read) {
        e.read = false;
        this.entries.set(oldest, e);
      }
    }
    this.entries.set(key, { value, read: false });
  }
}
