/**
 * Progress bar (spec transactions §8 "Progress", config.ui.progress): start → ticks every tickMs toward max over
 * durationMs → finish (100, then hidden) or fail (failed colour).
 */
import { StateHolder } from '../state-holder';
import type { ShopConfig } from '../config';
import type { MessageKey } from '../messages';
import type { Scheduler, TimerHandle } from '../ports/scheduler';

export interface ProgressState {
  readonly active: boolean;
  readonly percent: number;
  readonly failed: boolean;
  readonly message?: MessageKey;
}

export const IDLE_PROGRESS: ProgressState = { active: false, percent: 0, failed: false };

export class ProgressService extends StateHolder<ProgressState> {
  private ticker: TimerHandle | undefined;
  private hideTimer: TimerHandle | undefined;
  /** the route change under way (its timer to show the bar) and whether the bar shows for a route change */
  private route: TimerHandle | undefined;
  private routeBar = false;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly config: ShopConfig,
  ) {
    super(IDLE_PROGRESS);
  }

  start(message?: MessageKey): void {
    this.stopTimers();
    const { tickMs, max, durationMs } = this.config.ui.progress;
    const step = (max * tickMs) / durationMs;
    this.state.next(message ? { active: true, percent: 0, failed: false, message } : { active: true, percent: 0, failed: false });
    this.ticker = this.scheduler.every(tickMs, () => {
      const s = this.state.value;
      const percent = Math.min(max, s.percent + step);
      if (percent !== s.percent) this.state.next({ ...s, percent });
      if (percent >= max) this.ticker?.cancel();
    });
  }

  /** spec catalogue §2.4: the bar for a route change taking routeChangeDelayMs; the function returned ends it. */
  routeChange(): () => void {
    this.route?.cancel();
    const run = this.scheduler.after(this.config.ui.progress.routeChangeDelayMs, () => {
      this.routeBar = true;
      this.start();
    });
    this.route = run;
    return () => {
      if (this.route !== run) return;
      run.cancel();
      this.route = undefined;
      if (this.routeBar) {
        this.routeBar = false;
        this.finish();
      }
    };
  }

  finish(): void {
    this.end(false);
  }

  fail(): void {
    this.end(true);
  }

  private end(failed: boolean): void {
    this.stopTimers();
    this.patch({ active: true, percent: 100, failed });
    this.hideTimer = this.scheduler.after(this.config.ui.progress.tickMs, () => this.state.next(IDLE_PROGRESS));
  }

  private stopTimers(): void {
    this.ticker?.cancel();
    this.hideTimer?.cancel();
  }
}
