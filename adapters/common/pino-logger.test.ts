import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { PinoLogger, plainWarnings } from './pino-logger';

describe('PinoLogger (the core Logger port over pino)', () => {
  it("writes a JSON line with the message, the tag and the context (an Error as `err`), carrying the child's reqId, at the logger's level", () => {
    const lines: Array<Record<string, unknown>> = [];
    const root = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) });
    const log = new PinoLogger(root.child({ reqId: 'r-7' }));
    log.debug('hidden at info');
    log.info('loaded', 'catalogue');
    log.warn('search failed', 'catalogue', new Error('timeout'));
    log.error('bad answer', 'cart', { status: 502 });
    expect(lines.map(({ level, msg, tag, reqId }) => ({ level, msg, tag, reqId }))).toEqual([
      { level: 30, msg: 'loaded', tag: 'catalogue', reqId: 'r-7' },
      { level: 40, msg: 'search failed', tag: 'catalogue', reqId: 'r-7' },
      { level: 50, msg: 'bad answer', tag: 'cart', reqId: 'r-7' },
    ]);
    expect(lines[1]!.err).toMatchObject({ type: 'Error', message: 'timeout' });
    expect(lines[2]!.context).toEqual({ status: 502 });
  });

  it('plain warn lines shared by every render: the same line again within 10 s is counted, not written', () => {
    const lines: Array<Record<string, unknown>> = [];
    const root = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Record<string, unknown>) });
    let t = 0;
    const warnings = plainWarnings(() => t);
    for (let i = 0; i < 500; i++) {
      new PinoLogger(root.child({ reqId: `r-${i}` }), warnings).warn('payment status refused (403)', 'payment');
      t += 10;
    }
    new PinoLogger(root, warnings).warn('search failed', 'catalogue', new Error('timeout'));
    t = 20_000;
    warnings.flush();
    expect(lines.map(({ msg, reqId, repeats }) => ({ msg, reqId, repeats }))).toEqual([
      { msg: 'payment status refused (403)', reqId: 'r-0', repeats: undefined },
      { msg: 'search failed', reqId: undefined, repeats: undefined },
      { msg: 'payment status refused (403) (499 more in 20 s)', reqId: 'r-0', repeats: 499 },
    ]);
    expect(lines[0]!.err).toBeUndefined();
  });
});
