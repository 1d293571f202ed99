/** Timers, behind a port so that tests run them on a virtual clock. */
export interface TimerHandle {
  cancel(): void;
}
export interface Scheduler {
  after(ms: number, fn: () => void): TimerHandle;
  every(ms: number, fn: () => void): TimerHandle;
  sleep(ms: number): Promise<void>;
}
