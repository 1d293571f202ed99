import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Database from 'better-sqlite3';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBackend } from './index';
import { SECRET_FILE } from './secret';

const root = mkdtempSync(join(tmpdir(), 'backend-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const start = (dataDir: string) => startBackend({ port: 0, dataDir, log: () => undefined });
/** The message the start refused with; a backend that started after all is closed, and the answer says so. */
const refusal = (dataDir: string): Promise<string> =>
  start(dataDir).then(
    async (be) => {
      await be.close();
      return 'started';
    },
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );

/** A data folder whose database has a few thousand rows (hundreds of pages), closed cleanly. */
async function filledDataDir(): Promise<string> {
  const dir = join(root, 'filled');
  const be = await startBackend({ port: 0, dataDir: dir, reset: true, log: () => undefined });
  await be.close();
  const db = new Database(join(dir, 'backend.sqlite'));
  const insert = db.prepare('INSERT INTO contact_messages (name, email, message, category, created_at) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 4000; i++) insert.run(`Bezoeker ${i}`, `b${i}@example.nl`, `Bericht ${i} `.repeat(20), null, '2026-11-01 12:00:00');
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return dir;
}

describe('the backend checks its files at start', () => {
  it('a copy of backend.sqlite with 4 random pages in its middle overwritten refuses to start with a message naming the file', async () => {
    const source = await filledDataDir();
    const pageSize = 4096;
    const pages = Math.floor(statSync(join(source, 'backend.sqlite')).size / pageSize);
    expect(pages).toBeGreaterThan(100);
    // intact, the copy starts
    const intact = join(root, 'intact');
    mkdirSync(intact);
    copyFileSync(join(source, 'backend.sqlite'), join(intact, 'backend.sqlite'));
    copyFileSync(join(source, SECRET_FILE), join(intact, SECRET_FILE));
    await (await start(intact)).close();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: Math.floor(pages / 4), max: Math.floor((3 * pages) / 4) }), { minLength: 4, maxLength: 4 }),
        fc.uint8Array({ minLength: pageSize, maxLength: pageSize }),
        async (damagedPages, noise) => {
          const dir = join(root, `damaged-${run++}`);
          mkdirSync(dir);
          copyFileSync(join(source, 'backend.sqlite'), join(dir, 'backend.sqlite'));
          copyFileSync(join(source, SECRET_FILE), join(dir, SECRET_FILE));
          const fd = openSync(join(dir, 'backend.sqlite'), 'r+');
          for (const p of damagedPages) writeSync(fd, noise, 0, pageSize, p * pageSize);
          closeSync(fd);
          const message = await refusal(dir);
          expect(message.startsWith(`${join(dir, 'backend.sqlite')} is damaged (SQLite: `)).toBe(true);
          expect(message).toContain('restore the file from a backup');
        },
      ),
      { numRuns: 5 },
    );
  });

  it('a short or damaged secret file stops the start with a message; the file is kept as it was', async () => {
    for (const [name, text] of [['short', 'abc123\n'], ['empty', ''], ['two-lines', `${'a'.repeat(20)}\n${'b'.repeat(20)}\n`], ['binary', '\u0000'.repeat(40)]] as const) {
      const dir = join(root, `secret-${name}`);
      mkdirSync(dir);
      writeFileSync(join(dir, SECRET_FILE), text, { mode: 0o600 });
      expect(await refusal(dir)).toMatch(/backend-secret is damaged or too short .*delete it to generate a new one/);
      expect(readFileSync(join(dir, SECRET_FILE), 'utf8')).toBe(text);
    }
    // no file: one is made, and kept for the next start
    const fresh = join(root, 'secret-fresh');
    await (await start(fresh)).close();
    const made = readFileSync(join(fresh, SECRET_FILE), 'utf8');
    expect(made).toMatch(/^[\w-]{43}\n$/);
    await (await start(fresh)).close();
    expect(readFileSync(join(fresh, SECRET_FILE), 'utf8')).toBe(made);
  });
});
