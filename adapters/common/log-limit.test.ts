import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitedErrorLog, RepeatLimiter } from './log-limit';

afterEach(() => {
  vi.useRealTimers();
});

describe('limitedErrorLog', () => {
  it('1,000 identical errors within 10 s write 2 lines: the first with its stack, then one with the count', () => {
    vi.useFakeTimers({ now: 0 });
    const lines: string[] = [];
    const log = limitedErrorLog(new RepeatLimiter((m) => lines.push(m)));
    for (let i = 0; i < 1000; i++) {
      log('[output-cache] read failed', new Error('Connection is closed.'));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[output-cache\] read failed Error: Connection is closed\.\n\s+at /);
    expect(lines[1]).toMatch(/^\[output-cache\] read failed Error: Connection is closed\. \(the same error 999 more times in 10 s\)$/);
  });

  it('different messages under one label are different errors; a label alone is an error too', () => {
    const lines: string[] = [];
    const log = limitedErrorLog(new RepeatLimiter((m) => lines.push(m), () => 0));
    log('[ssr] load failed', new Error('a'));
    log('[ssr] load failed', new Error('b'));
    log('[ssr] load failed', 'plain');
    log('[output-cache] redis');
    log('[output-cache] redis');
    log('[storefront] 500', new Error('boom'), 'GET /a');
    log('[storefront] 500', new Error('boom'), 'GET /b');
    expect(lines.map((l) => l.split('\n', 1)[0])).toEqual(['[ssr] load failed Error: a', '[ssr] load failed Error: b', '[ssr] load failed plain', '[output-cache] redis', '[storefront] 500 (GET /a) Error: boom']);
  });
});
