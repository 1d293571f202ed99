/** Timers, behind a port so that tests run them on a virtual clock. */
export interface TimerHandle {
  cancel(): void;
}
export interface Scheduler {
  /** run fn once after ms milliseconds */
  after(ms: number, fn: () => void): TimerHandle;
  /** run fn every ms milliseconds until cancelled */
  every(ms: number, fn: () => void): TimerHandle;
  /** a promise resolved after ms milliseconds */
  sleep(ms: number): Promise<void>;
}
