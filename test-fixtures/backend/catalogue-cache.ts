import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * The catalogue cache file `{dataDir}/catalogue-{key}.bin` (a restart reads it back in under 3 s): 8-byte magic, uint32
 * header length, 4 reserved bytes, the header (v8.serialize), the SHA-1 of all that, then the product documents (JSON,
 * back to back; each read alone and checked against its CRC-32). A file that does not check out is deleted.
 */
const MAGIC = Buffer.from('PWCAT\u0000\u0000\u0003', 'latin1');
const PREFIX = 16;
const HASH_BYTES = 20;

export interface CacheFile<H> {
  header: H;
  /** reads product document bytes [start, end) of the blob */
  read(start: number, end: number): Buffer;
  /** deletes the file (a damaged document was found: the next start generates the catalogue again) */
  discard(): void;
  close(): void;
}

export const cacheFileName = (key: string): string => `catalogue-${key.replace(/[^a-z0-9.-]+/gi, '-')}.bin`;

/** Writes header + blob chunks to `file` (via a temporary file and a rename, so a crash leaves no half file under the name). */
export function writeCacheFile(file: string, header: unknown, blob: readonly Buffer[]): void {
  const head = serialize(header);
  const prefix = Buffer.alloc(PREFIX);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(head.length, 8);
  const digest = createHash('sha1').update(prefix).update(head).digest();
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    // writeFileSync on a descriptor writes each buffer whole, after the last
    for (const b of [prefix, head, digest, ...blob]) writeFileSync(fd, b);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * Opens and verifies a cache file; undefined (and the file deleted) when it is missing, truncated or corrupt, or when
 * `accept(header, blobLength)` refuses it.
 */
export function openCacheFile<H>(file: string, log: (msg: string) => void, accept: (header: H, blobLength: number) => boolean): CacheFile<H> | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  const drop = (why: string): undefined => {
    closeSync(fd);
    log(`catalogue cache ${file}: ${why}; generating the catalogue again`);
    rmSync(file, { force: true });
    return undefined;
  };
  try {
    const size = fstatSync(fd).size;
    if (size < PREFIX + HASH_BYTES) return drop('too short');
    const prefix = Buffer.alloc(PREFIX);
    readSync(fd, prefix, 0, PREFIX, 0);
    if (!prefix.subarray(0, 8).equals(MAGIC)) return drop('not a catalogue cache of this version');
    const headLength = prefix.readUInt32LE(8);
    const blobStart = PREFIX + headLength + HASH_BYTES;
    if (blobStart > size) return drop('truncated');
    const head = Buffer.allocUnsafe(headLength + HASH_BYTES);
    if (readSync(fd, head, 0, head.length, PREFIX) !== head.length) return drop('truncated');
    const digest = createHash('sha1').update(prefix).update(head.subarray(0, headLength)).digest();
    if (!digest.equals(head.subarray(headLength))) return drop('header checksum mismatch');
    const header = deserialize(head.subarray(0, headLength)) as H;
    if (!accept(header, size - blobStart)) return drop('does not match its header (length or key)');
    let open = true;
    return {
      header,
      read(start, end) {
        if (!open) throw new Error('catalogue cache closed');
        const buf = Buffer.allocUnsafe(end - start);
        // a regular file reads whole up to its end
        const got = readSync(fd, buf, 0, buf.length, blobStart + start);
        if (got !== buf.length) throw new Error('catalogue cache: short read');
        return buf;
      },
      discard() {
        log(`catalogue cache ${file}: a damaged document; the file is deleted and the catalogue generated again on the next start`);
        rmSync(file, { force: true });
      },
      close() {
        if (open) closeSync(fd);
        open = false;
      },
    };
  } catch (err) {
    return drop(`unreadable (${(err as Error).message})`);
  }
}

/** Deletes the cache files of other keys (another seed, scale or version) in `dir` (which exists). */
export function removeOtherCacheFiles(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) if (/^catalogue-.*\.bin$/.test(name) && name !== keep) rmSync(join(dir, name), { force: true });
}
