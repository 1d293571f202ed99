/**
 * Virtual Clock and Scheduler for tests of core services (no real timers: the house rules keep setTimeout out of core).
 * Time only moves when a test calls `advance(ms)`; timers due by then run in time order, and pending promise
 * callbacks are flushed between them.
 */
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { Logger } from '../ports/logger';
import type { Scheduler, TimerHandle } from '../ports/scheduler';

export class VirtualClock implements Clock {
  constructor(private time = 1_767_225_600_000 /* 2026-01-01T00:00:00Z */) {}
  now(): number {
    return this.time;
  }
  set(ms: number): void {
    this.time = ms;
  }
}

interface Timer {
  at: number;
  every?: number;
  fn: () => void;
}

/** Let every queued promise callback run (microtasks only: enough for in-memory ports). */
export async function flushPromises(rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

export class VirtualScheduler implements Scheduler {
  /** in the order they were set: the sort is stable, so timers due at once run in that order */
  private timers: Timer[] = [];
  constructor(readonly clock: VirtualClock = new VirtualClock()) {}

  after(ms: number, fn: () => void): TimerHandle {
    return this.add({ at: this.clock.now() + Math.max(0, ms), fn });
  }

  every(ms: number, fn: () => void): TimerHandle {
    return this.add({ at: this.clock.now() + Math.max(1, ms), every: Math.max(1, ms), fn });
  }

  private add(t: Timer): TimerHandle {
    this.timers.push(t);
    return { cancel: () => this.drop(t) };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /** number of timers waiting */
  pending(): number {
    return this.timers.length;
  }

  /** Move time forward by ms, running every timer due on the way (in order), flushing promises between them. */
  async advance(ms: number): Promise<void> {
    const end = this.clock.now() + ms;
    await flushPromises();
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.clock.set(Math.max(this.clock.now(), next.at));
      if (next.every) next.at += next.every;
      else this.drop(next);
      next.fn();
      await flushPromises();
    }
    this.clock.set(end);
    await flushPromises();
  }

  /** Advance in steps until the promise settles (or maxMs of virtual time passed); returns its value. */
  async run<T>(promise: Promise<T>, maxMs = 600_000, stepMs = 100): Promise<T> {
    let settled: PromiseSettledResult<T> | undefined;
    void Promise.allSettled([promise]).then(([result]) => (settled = result));
    await flushPromises();
    for (let t = 0; !settled && t < maxMs; t += stepMs) await this.advance(stepMs);
    if (!settled) throw new Error(`promise still pending after ${maxMs} ms of virtual time`);
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
  }

  private drop(timer: Timer): void {
    this.timers = this.timers.filter((t) => t !== timer);
  }
}

/** Clock and Scheduler in one object, starting at `start` (epoch ms). */
export class VirtualTime extends VirtualScheduler implements Clock {
  constructor(start = 0) {
    super(new VirtualClock(start));
  }
  now(): number {
    return this.clock.now();
  }
}

/** Sequential ids: 'id-1', 'id-2', ... */
export class SequentialIds implements IdGenerator {
  private n = 0;
  constructor(private readonly prefix = 'id-') {}
  next(): string {
    return `${this.prefix}${++this.n}`;
  }
}

/** A Logger that records what it was told. */
export class MemoryLogger implements Logger {
  readonly lines: Array<{ level: string; message: string; tag?: string | undefined }> = [];
  private readonly at = (level: string) => (message: string, tag?: string) => {
    this.lines.push({ level, message, tag });
  };
  readonly debug = this.at('debug');
  readonly info = this.at('info');
  readonly warn = this.at('warn');
  readonly error = this.at('error');
}

export { ManualNetwork } from './manual-network';
