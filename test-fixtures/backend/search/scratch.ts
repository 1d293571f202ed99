/**
 * Per-request scratch buffers (document masks and score arrays). A search allocates several arrays the size of the
 * collection; at 86,000 documents allocating them fresh for every request made garbage collection the largest cost.
 * Searches run synchronously, one at a time, so the buffers handed out during one request are all free again when the
 * next starts (`releaseScratch`, called by startRequestBudget). A buffer must not be kept beyond its request.
 */
const MAX_POOLED = 64;
const pools = new Map<number, { u8: Uint8Array[]; f64: Float64Array[]; u: number; f: number }>();

function pool(n: number) {
  let p = pools.get(n);
  if (!p) {
    p = { u8: [], f64: [], u: 0, f: 0 };
    pools.set(n, p);
  }
  return p;
}

/** A zeroed Uint8Array of n entries, valid until the end of the request. */
export function scratchU8(n: number): Uint8Array {
  const p = pool(n);
  if (p.u < p.u8.length) return (p.u8[p.u++] as Uint8Array).fill(0);
  const b = new Uint8Array(n);
  if (p.u8.length < MAX_POOLED) {
    p.u8.push(b);
    p.u++;
  }
  return b;
}

/** A Float64Array of n entries filled with `value`, valid until the end of the request. */
export function scratchF64(n: number, value: number): Float64Array {
  const p = pool(n);
  if (p.f < p.f64.length) return (p.f64[p.f++] as Float64Array).fill(value);
  const b = new Float64Array(n);
  if (value !== 0) b.fill(value);
  if (p.f64.length < MAX_POOLED) {
    p.f64.push(b);
    p.f++;
  }
  return b;
}

export function releaseScratch(): void {
  for (const p of pools.values()) {
    p.u = 0;
    p.f = 0;
  }
}
