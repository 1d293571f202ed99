import type { Scheduler, TimerHandle } from '../../core/ports/scheduler';

/** Scheduler on the runtime's own timers (browser and Node alike). */
export class TimerScheduler implements Scheduler {
  after(ms: number, fn: () => void): TimerHandle {
    const id = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(id) };
  }
  every(ms: number, fn: () => void): TimerHandle {
    const id = setInterval(fn, ms);
    return { cancel: () => clearInterval(id) };
  }
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
