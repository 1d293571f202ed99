import { afterEach, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { limitedErrorLog, RepeatLimiter } from './log-limit';

afterEach(() => {
  vi.useRealTimers();
});

type Line = Record<string, unknown> & { msg: string; level: number; err?: { type: string; message: string; stack?: string } };

/** a pino logger whose JSON lines the test reads */
function captured(): { lines: Line[]; logger: pino.Logger } {
  const lines: Line[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) }) };
}

describe('limitedErrorLog', () => {
  it('1,000 identical errors within 10 s write 2 JSON lines: the first with its stack, then one with the count', () => {
    vi.useFakeTimers({ now: 0 });
    const { lines, logger } = captured();
    const log = limitedErrorLog(logger);
    for (let i = 0; i < 1000; i++) {
      log('[output-cache] read failed', new Error('Connection is closed.'));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.level)).toEqual([50, 50]);
    expect(lines[0]!.msg).toBe('[output-cache] read failed');
    expect(lines[0]!.err).toMatchObject({ type: 'Error', message: 'Connection is closed.' });
    expect(lines[0]!.err!.stack).toMatch(/^Error: Connection is closed\.\n\s+at /);
    expect(lines[1]).toMatchObject({ msg: '[output-cache] read failed (the same error 999 more times in 10 s)', repeats: 999, seconds: 10, detail: 'Error: Connection is closed.' });
    expect(lines[1]!.err).toBeUndefined();
  });

  it('different messages under one label are different errors; a label alone is an error too; the first line goes through the logger given (a request\'s)', () => {
    const { lines, logger } = captured();
    const log = limitedErrorLog(logger, () => 0);
    log('[ssr] load failed', new Error('a'));
    log('[ssr] load failed', new Error('b'));
    log('[ssr] load failed', 'plain');
    log('[output-cache] redis');
    log('[output-cache] redis');
    log('[storefront] 500', new Error('boom'), logger.child({ reqId: 'r-1' }));
    log('[storefront] 500', new Error('boom'), logger.child({ reqId: 'r-2' }));
    expect(lines.map((l) => [l.msg, l.err?.message ?? l.detail, l.reqId])).toEqual([
      ['[ssr] load failed', 'a', undefined],
      ['[ssr] load failed', 'b', undefined],
      ['[ssr] load failed', 'plain', undefined],
      ['[output-cache] redis', undefined, undefined],
      ['[storefront] 500', 'boom', 'r-1'],
    ]);
    log.flush();
    expect(lines.slice(5).map((l) => l.msg)).toEqual(['[output-cache] redis (the same error 1 more time in 1 s)', '[storefront] 500 (the same error 1 more time in 1 s)']);
  });
});

describe('RepeatLimiter', () => {
  it('an entry is written again, with the count of its repeats, once an interval has passed; other keys are their own', () => {
    let t = 0;
    const lines: string[] = [];
    const limiter = new RepeatLimiter<string>((line, repeats) => lines.push(repeats ? `${line} x${repeats.count} in ${repeats.seconds} s` : line), () => t, 10_000);
    for (let i = 0; i < 5; i++) limiter.log('a', 'A failed');
    limiter.log('b', 'B failed');
    t = 10_000;
    limiter.log('a', 'A failed');
    limiter.log('a', 'A failed');
    limiter.flush();
    expect(lines).toEqual(['A failed', 'B failed', 'A failed x4 in 10 s', 'A failed', 'A failed x1 in 1 s']);
  });

  it('past maxKeys distinct entries, the counts so far are written and forgotten (memory stays bounded)', () => {
    const lines: string[] = [];
    const limiter = new RepeatLimiter<string>((line, repeats) => lines.push(repeats ? `${line} x${repeats.count}` : line), () => 0, 10_000, 2);
    limiter.log('a', 'A');
    limiter.log('a', 'A');
    limiter.log('b', 'B');
    limiter.log('c', 'C');
    limiter.log('a', 'A');
    expect(lines).toEqual(['A', 'B', 'A x1', 'C', 'A']);
  });
});
