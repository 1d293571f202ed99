import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * The catalogue cache file (issue 9 "restart < 3 s"): `{dataDir}/catalogue-{seed}-{scale}-v{generator}-e{engine}.bin`.
 * Layout: 8-byte magic, uint32 header length, 4 reserved bytes, the header (v8.serialize: the small catalogue parts, the
 * product documents' offsets, the built search indexes as typed arrays), the product documents (JSON, UTF-8, back to
 * back), then the SHA-1 of everything before it. A file whose magic, length, hash or header does not check out is
 * deleted and the catalogue generated again; the documents are read one at a time (pread), never all into memory.
 */
const MAGIC = Buffer.from('PWCAT\u0000\u0000\u0002', 'latin1');
const PREFIX = 16;
const HASH_BYTES = 20;
const CHUNK = 8 * 1024 * 1024;

export interface CacheFile<H> {
  header: H;
  /** reads product document bytes [start, end) of the blob */
  read(start: number, end: number): Buffer;
  close(): void;
}

export const cacheFileName = (key: string): string => `catalogue-${key.replace(/[^a-z0-9.-]+/gi, '-')}.bin`;

/** Writes header + blob chunks to `file` (via a temporary file and a rename, so a crash leaves no half file under the name). */
export function writeCacheFile(file: string, header: unknown, blob: readonly Buffer[]): void {
  const head = serialize(header);
  const prefix = Buffer.alloc(PREFIX);
  MAGIC.copy(prefix, 0);
  prefix.writeUInt32LE(head.length, 8);
  const hash = createHash('sha1');
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    const put = (b: Buffer) => {
      hash.update(b);
      let off = 0;
      while (off < b.length) off += writeSync(fd, b, off, b.length - off);
    };
    put(prefix);
    put(head);
    for (const b of blob) put(b);
    const digest = hash.digest();
    writeSync(fd, digest, 0, digest.length);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** Opens and verifies a cache file; undefined (and the file deleted) when it is missing, truncated or corrupt. */
export function openCacheFile<H>(file: string, log: (msg: string) => void): CacheFile<H> | undefined {
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
    const blobStart = PREFIX + headLength;
    const blobEnd = size - HASH_BYTES;
    if (blobStart > blobEnd) return drop('truncated');
    // the whole file is hashed once at start (streamed; the pages stay in the OS cache for the reads that follow)
    const hash = createHash('sha1');
    const chunk = Buffer.allocUnsafe(CHUNK);
    let head: Buffer | undefined;
    for (let pos = 0; pos < blobEnd;) {
      const n = readSync(fd, chunk, 0, Math.min(CHUNK, blobEnd - pos), pos);
      if (n <= 0) return drop('truncated');
      hash.update(chunk.subarray(0, n));
      pos += n;
    }
    const stored = Buffer.alloc(HASH_BYTES);
    readSync(fd, stored, 0, HASH_BYTES, blobEnd);
    if (!hash.digest().equals(stored)) return drop('checksum mismatch');
    head = Buffer.alloc(headLength);
    readSync(fd, head, 0, headLength, PREFIX);
    let header: H;
    try {
      header = deserialize(head) as H;
    } catch {
      return drop('unreadable header');
    }
    let open = true;
    return {
      header,
      read(start, end) {
        if (!open) throw new Error('catalogue cache closed');
        const buf = Buffer.allocUnsafe(end - start);
        let got = 0;
        while (got < buf.length) {
          const n = readSync(fd, buf, got, buf.length - got, blobStart + start + got);
          if (n <= 0) throw new Error('catalogue cache: short read');
          got += n;
        }
        return buf;
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

/** Deletes the cache files of other keys (another seed, scale or version) in `dir`. */
export function removeOtherCacheFiles(dir: string, keep: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) if (/^catalogue-.*\.bin$/.test(name) && name !== keep) rmSync(join(dir, name), { force: true });
}
