/**
 * A virtual Clock + Scheduler and a sequential IdGenerator: deterministic time for tests and for integrators who
 * drive the core without real timers. `advance(ms)` runs every timer due in order.
 */
import type { Clock } from '../ports/clock';
import type { Scheduler, TimerHandle } from '../ports/scheduler';

interface Timer {
  id: number;
  at: number;
  every?: number;
  fn: () => void;
}

export class VirtualTime implements Clock, Scheduler {
  private current: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(start = 0) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  after(ms: number, fn: () => void): TimerHandle {
    return this.add({ id: ++this.seq, at: this.current + Math.max(0, ms), fn });
  }

  every(ms: number, fn: () => void): TimerHandle {
    const step = Math.max(1, ms);
    return this.add({ id: ++this.seq, at: this.current + step, every: step, fn });
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** number of pending timers */
  pending(): number {
    return this.timers.length;
  }

  /** Move time forward, running due timers in time order; awaits microtasks between timers. */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      await flushMicrotasks();
      const next = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next) break;
      this.current = next.at;
      if (next.every) next.at += next.every;
      else this.timers = this.timers.filter((t) => t !== next);
      next.fn();
    }
    this.current = target;
    await flushMicrotasks();
  }

  private add(t: Timer): TimerHandle {
    this.timers.push(t);
    return { cancel: () => (this.timers = this.timers.filter((x) => x !== t)) };
  }
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

export { SequentialIds } from './virtual-time';
