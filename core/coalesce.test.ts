import { describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce (the cart totals sync and the task queue drain)', () => {
  it('never overlaps runs; calls during a run make one more run after it, and wait for it', async () => {
    const gates: Array<() => void> = [];
    let active = 0;
    let runs = 0;
    const once = coalesce(async () => {
      runs++;
      active++;
      expect(active).toBe(1);
      await new Promise<void>((resolve) => gates.push(resolve));
      active--;
    });
    const first = once();
    expect(once()).toBe(first);
    expect(once()).toBe(first);
    let settled = false;
    void first.then(() => (settled = true));
    gates[0]!();
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    expect(runs).toBe(2);
    expect(settled).toBe(false);
    gates[1]!();
    await first;
    expect(runs).toBe(2);
  });
});
