import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file in DATA_DIR that keeps the generated HMAC secret (mode 0600). */
export const SECRET_FILE = 'backend-secret';

/**
 * The HMAC key for user and order tokens: BACKEND_SECRET when set, else a random 256-bit secret generated on the
 * first start and kept in `{dataDir}/backend-secret` (mode 0600), so tokens survive a restart. There is no constant:
 * a forged token needs the file. With dataDir ':memory:' the secret lives only as long as the process.
 */
export function resolveSecret(explicit: string | undefined, dataDir: string): string {
  if (explicit !== undefined && explicit !== '') return explicit;
  if (dataDir === ':memory:') return randomBytes(32).toString('base64url');
  const file = join(dataDir, SECRET_FILE);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const text = readFileSync(file, 'utf8').trim();
    if (text.length >= 32) return text;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
