import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
// the package's functions without touching the global Reflect: the reference the browser's replacement must answer as
import * as reference from 'reflect-metadata/no-conflict';
import * as lite from './reflect-metadata-lite';

type Op = { kind: 'define'; target: number; key: number; prop: number; value: number } | { kind: 'read'; target: number; key: number; prop: number };

describe('reflect-metadata-lite (the browser bundle\'s replacement of reflect-metadata/lite, issue 10)', () => {
  it('answers getOwnMetadata / getMetadata / hasOwnMetadata / hasMetadata as reflect-metadata does, over prototype chains', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('define' as const), target: fc.nat(3), key: fc.nat(2), prop: fc.nat(2), value: fc.integer() }),
      fc.record({ kind: fc.constant('read' as const), target: fc.nat(3), key: fc.nat(2), prop: fc.nat(2) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops: Op[]) => {
        // two worlds with the same shape: base <- child <- grandchild, and an unrelated object
        const world = () => {
          const base = {};
          const child = Object.create(base) as object;
          return [base, child, Object.create(child) as object, {}];
        };
        const [a, b] = [world(), world()];
        const keys = ['k0', Symbol.for('k1'), 2];
        const props = [undefined, 'p', Symbol.for('q')];
        for (const o of ops) {
          const key = keys[o.key];
          const prop = props[o.prop];
          if (o.kind === 'define') {
            reference.defineMetadata(key, o.value, a[o.target]!, prop as string);
            lite.defineMetadata(key, o.value, b[o.target]!, prop);
          } else {
            expect(lite.getOwnMetadata(key, b[o.target]!, prop)).toBe(reference.getOwnMetadata(key, a[o.target]!, prop as string));
            expect(lite.getMetadata(key, b[o.target]!, prop)).toBe(reference.getMetadata(key, a[o.target]!, prop as string));
            expect(lite.hasOwnMetadata(key, b[o.target]!, prop)).toBe(reference.hasOwnMetadata(key, a[o.target]!, prop as string));
            expect(lite.hasMetadata(key, b[o.target]!, prop)).toBe(reference.hasMetadata(key, a[o.target]!, prop as string));
          }
        }
      }),
    );
  });

  it('installs only what the global Reflect lacks', () => {
    const own = () => 'mine';
    const target = { getOwnMetadata: own } as Record<string, unknown>;
    lite.installReflectMetadata(target);
    expect(target.getOwnMetadata).toBe(own);
    expect(target.defineMetadata).toBe(lite.defineMetadata);
    expect(target.getMetadata).toBe(lite.getMetadata);
  });
});
