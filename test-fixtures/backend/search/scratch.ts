/**
 * Per-request buffers the size of a collection (document masks, score arrays): allocated fresh for every request at
 * 86,000 documents, they made garbage collection the largest cost. Searches run one at a time, synchronously, so every
 * buffer handed out during a request is free again when the next starts (releaseScratch, called by
 * startRequestBudget). A buffer must not be kept beyond its request.
 */
const MAX_POOLED = 64;
const pools = new Map<string, { buffers: Array<Uint8Array | Float64Array>; used: number }>();

function take<T extends Uint8Array | Float64Array>(key: string, make: () => T): T {
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { buffers: [], used: 0 }));
  if (pool.used < pool.buffers.length) return pool.buffers[pool.used++] as T;
  const buffer = make();
  if (pool.buffers.length < MAX_POOLED) pool.buffers[pool.used++] = buffer;
  return buffer;
}

/** A zeroed Uint8Array of n entries, valid until the end of the request. */
export const scratchU8 = (n: number): Uint8Array => take(`u${n}`, () => new Uint8Array(n)).fill(0);

/** A Float64Array of n entries filled with `value`, valid until the end of the request. */
export const scratchF64 = (n: number, value: number): Float64Array =>
  take(`f${n}`, () => new Float64Array(n)).fill(value);

export function releaseScratch(): void {
  for (const pool of pools.values()) pool.used = 0;
}
