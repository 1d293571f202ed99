import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file in DATA_DIR that keeps the generated HMAC secret (mode 0600). */
export const SECRET_FILE = 'backend-secret';

/**
 * The HMAC key for user and order tokens: BACKEND_SECRET, else a random 256-bit secret generated once and kept in
 * `{dataDir}/backend-secret` (mode 0600) so tokens survive a restart. A damaged file stops the start with a message.
 */
export function resolveSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit !== undefined && explicit !== '') return explicit;
  if (dataDir === ':memory:') return randomBytes(32).toString('base64url');
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const text = readFileSync(file, 'utf8').trim();
    // a damaged or cut-off file is not replaced: a new secret signs every customer out and voids every order link,
    // and whoever runs the shop decides that, not a start-up
    if (!SECRET_SHAPE.test(text)) {
      throw new Error(
        `${file} is damaged or too short (${text.length} characters; a secret is at least 32 printable characters on one line). ` +
          'Restore it from a backup, or delete it to generate a new one (this signs every customer out and voids their order links).',
      );
    }
    return text;
  }
  const secret = randomBytes(32).toString('base64url');
  // written aside and renamed: a crash mid-write never leaves a cut-off secret behind
  mkdirSync(dataDir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${secret}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  return secret;
}

/** what a kept secret looks like: at least 32 printable ASCII characters, nothing else */
const SECRET_SHAPE = /^[\x21-\x7e]{32,}$/;
