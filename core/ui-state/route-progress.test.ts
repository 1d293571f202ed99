import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_CONFIG } from '../config';
import { ProgressService } from './progress-service';
import { VirtualTime } from '../testing/virtual-time';

const DELAY = DEFAULT_CONFIG.ui.progress.routeChangeDelayMs;

function setup() {
  const time = new VirtualTime();
  const progress = new ProgressService(time, DEFAULT_CONFIG);
  const seen: boolean[] = [];
  progress.state$.subscribe((s) => seen.push(s.active));
  return { time, progress, shown: () => seen.some(Boolean) };
}

// spec catalogue §2.4: "The progress bar runs on each route change", shown only when the change is slow
describe('ProgressService.routeChange (spec catalogue §2.4)', () => {
  it('a route change that ends before the delay never shows the bar', async () => {
    const { time, progress, shown } = setup();
    const end = progress.routeChange();
    await time.advance(DELAY - 1);
    end();
    await time.advance(60_000);
    expect(shown()).toBe(false);
  });

  it('a slow one shows the bar at the delay, and its end finishes it (100, then hidden)', async () => {
    const { time, progress } = setup();
    const end = progress.routeChange();
    await time.advance(DELAY - 1);
    expect(progress.snapshot().active).toBe(false);
    await time.advance(1);
    expect(progress.snapshot().active).toBe(true);
    await time.advance(500);
    end();
    expect(progress.snapshot()).toMatchObject({ active: true, percent: 100, failed: false });
    await time.advance(DEFAULT_CONFIG.ui.progress.tickMs);
    expect(progress.snapshot().active).toBe(false);
  });

  it('a newer route change takes over: the older end does nothing, the newer finishes the bar', async () => {
    const { time, progress } = setup();
    const first = progress.routeChange();
    await time.advance(DELAY);
    const second = progress.routeChange();
    first();
    expect(progress.snapshot().active).toBe(true);
    expect(progress.snapshot().percent).toBeLessThan(100);
    second();
    expect(progress.snapshot().percent).toBe(100);
    await time.advance(DEFAULT_CONFIG.ui.progress.tickMs);
    expect(progress.snapshot().active).toBe(false);
  });

  it('for any duration: the bar shows exactly when the change lasts at least the delay, and is hidden after its end', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5000 }), async (duration) => {
        const { time, progress, shown } = setup();
        const end = progress.routeChange();
        await time.advance(duration);
        end();
        await time.advance(60_000);
        expect(shown()).toBe(duration >= DELAY);
        expect(progress.snapshot().active).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});
