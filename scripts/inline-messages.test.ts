import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error plain ESM script without types
import { inlineMessages, readMessages } from './inline-messages.mjs';
import { MESSAGES } from '../core/messages';

describe('MESSAGES read as strings in the browser bundle (scripts/inline-messages.mjs)', () => {
  it('reads the table of core/messages.ts as it is', async () => {
    expect(await readMessages(process.cwd())).toEqual(MESSAGES);
  });

  it('replaces a value read with its key, leaves types, modules without the import and unknown names alone (an unknown name throws)', () => {
    const src = [
      "import { MESSAGES, type MessageKey } from '../messages';",
      'type A = typeof MESSAGES.ok;',
      'const k: MessageKey = MESSAGES.productNotFound;',
      'const j = { action: MESSAGES.ok };',
    ].join('\n');
    const out = inlineMessages(src, MESSAGES) as string;
    expect(out).toContain('type A = typeof MESSAGES.ok;');
    expect(out).toContain(`const k: MessageKey = ${JSON.stringify(MESSAGES.productNotFound)};`);
    expect(out).toContain(`action: ${JSON.stringify(MESSAGES.ok)}`);
    const other = 'const MESSAGES = { a: 1 }; MESSAGES.a;';
    expect(inlineMessages(other, MESSAGES)).toBe(other);
    expect(() => inlineMessages("import { MESSAGES } from '../../core/messages';\nMESSAGES.notAKey;", MESSAGES, 'x.ts')).toThrow(/notAKey/);
  });

  it("the shop's browser code reads MESSAGES only by a property name (never as a whole, e.g. Object.values or MESSAGES[key])", () => {
    const files = ['ui', 'core', 'adapters']
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)))
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== join('core', 'messages.ts'));
    const wholeReads = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && !/^\s*import\b/.test(line))
        .filter((line) => /\bMESSAGES\b(?!\.\w)/.test(line.replace(/\/\/.*$/, '')))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(wholeReads).toEqual([]);
  });
});
