import { describe, expect, it } from 'vitest';
import { RenderGate } from './render-gate';

/** a piece of work that ends when told to */
function controllable() {
  let finish!: (v: string) => void;
  let fail!: (e: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { work: () => done, finish, fail };
}

const turn = () => new Promise((r) => setImmediate(r));

/** `n` pieces of work sent to the gate at once, in that order; `started` lists them as they start */
function lineUp(gate: RenderGate, n: number) {
  const started: number[] = [];
  const works = Array.from({ length: n }, () => controllable());
  const results = works.map((w, i) =>
    gate.run(() => {
      started.push(i);
      return w.work();
    }),
  );
  return { started, works, results };
}

describe('RenderGate', () => {
  it('runs at most `limit` at once and starts the others in arrival order', async () => {
    const gate = new RenderGate(2);
    const { started, works, results } = lineUp(gate, 5);
    await turn();
    expect(started).toEqual([0, 1]);
    expect(gate.load()).toEqual({ running: 2, waiting: 3 });
    works[1]!.finish('b');
    await turn();
    expect(started).toEqual([0, 1, 2]);
    works[0]!.finish('a');
    await turn();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    for (const w of works.slice(2)) w.finish('x');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'x', 'x', 'x']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('a failed render gives its place to the next and its error to its caller', async () => {
    const gate = new RenderGate(1);
    const a = controllable();
    const b = controllable();
    const first = gate.run(a.work);
    let secondStarted = false;
    const second = gate.run(() => {
      secondStarted = true;
      return b.work();
    });
    await turn();
    expect(secondStarted).toBe(false);
    a.fail(new Error('render failed'));
    await expect(first).rejects.toThrow('render failed');
    await turn();
    expect(secondStarted).toBe(true);
    b.finish('ok');
    expect(await second).toBe('ok');
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a limit below 1', () => {
    expect(() => new RenderGate(0)).toThrow();
    expect(() => new RenderGate(Number.NaN)).toThrow();
  });
});
