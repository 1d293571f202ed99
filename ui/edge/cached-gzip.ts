import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * gzip answers of an output-cached page without touching the page's text per answer (issue 8, RSS): the parts between
 * the nonce's places are deflated once (ui/edge/gzip-segments.ts), and what the gzip trailer needs of the whole text,
 * its CRC-32 and length, is folded per answer from each part's CRC and a precomputed "append n bytes" operator
 * (zlib's crc32_combine), so an answer allocates only its ~20 KB of output. Before, every hit joined the page with its
 * nonce into a new string and encoded it again (about 1 MB of garbage per hit of a 300 KB page): a heap snapshot after
 * 20,000 hits showed V8 letting ~250 MB of such garbage pile up between full GCs, and RSS followed.
 */
export interface PreparedGzip {
  /** the deflated parts, views into one buffer of exactly their size */
  readonly deflated: readonly Buffer[];
  readonly crcs: readonly number[];
  readonly lengths: readonly number[];
  /** per part: the operator that advances a CRC over that part's length of bytes */
  readonly advance: readonly Uint32Array[];
  /** what this costs kept (bytes) */
  readonly bytes: number;
}

export const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** a final empty block: ends a deflate stream left byte-aligned by a sync flush */
export const FINAL = deflateRawSync(Buffer.alloc(0), { finishFlush: constants.Z_FINISH });

/** each piece deflated on its own, ending on a sync flush (byte-aligned, referring to nothing before it) */
export function deflatePieces(pieces: readonly string[], level = 6): Buffer[] {
  return pieces.map((p) => deflateRawSync(p, { level, finishFlush: constants.Z_SYNC_FLUSH }));
}

function times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  for (let i = 0; vec !== 0; i++, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

/** a ∘ b: b applied first */
function compose(a: Uint32Array, b: Uint32Array): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(32);
  for (let i = 0; i < 32; i++) out[i] = times(a, b[i]!);
  return out;
}

/** The GF(2) operator that turns the CRC-32 of A into that of A followed by `length` zero bytes (zlib's crc32_combine). */
export function crcAdvance(length: number): Uint32Array<ArrayBuffer> {
  // one zero bit: the reflected polynomial, then the shifts
  let op = new Uint32Array(32);
  op[0] = 0xedb88320;
  for (let i = 1; i < 32; i++) op[i] = (1 << (i - 1)) >>> 0;
  for (let i = 0; i < 3; i++) op = compose(op, op); // one zero byte
  let result = new Uint32Array(32);
  for (let i = 0; i < 32; i++) result[i] = (1 << i) >>> 0; // identity
  for (let n = length; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = compose(op, result);
    op = compose(op, op);
  }
  return result;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and B's operator. */
function combine(crcA: number, crcB: number, advanceB: Uint32Array): number {
  return (times(advanceB, crcA) ^ crcB) >>> 0;
}

/** A cached document (with `slot` at the nonce's places) made ready for gzip answers. */
export function prepareGzip(html: string, slot: string, level = 6): PreparedGzip {
  const pieces = html.split(slot);
  const loose = deflatePieces(pieces, level);
  // zlib answers each part in a 16 KB chunk of its own, kept whole by the slice it returns (a heap snapshot: 5,500
  // parts of 500 pages held 107 MB, most of them a few bytes of deflate): one buffer of exactly their size
  const packed = Buffer.concat(loose);
  let at = 0;
  const deflated = loose.map((b) => packed.subarray(at, (at += b.length)));
  const bytes = pieces.map((p) => Buffer.from(p));
  const lengths = bytes.map((b) => b.length);
  return { deflated, crcs: bytes.map((b) => crc32(b) >>> 0), lengths, advance: lengths.map(crcAdvance), bytes: packed.length + 32 * 4 * pieces.length + 64 };
}

/**
 * `bytes` as deflate stored blocks (byte-aligned, not final): what a sync flush leaves the stream at is where they go,
 * and what follows them may start a block of its own. For the nonce between a cached page's parts (22 random base64
 * characters, nothing to compress): no zlib stream set up per answer for 5 bytes of framing.
 */
export function storedBlocks(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length || parts.length === 0; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff);
    const header = Buffer.alloc(5);
    // BFINAL 0, BTYPE 00 (stored), the rest of the byte padding; then LEN and its one's complement, little-endian
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  }
  return Buffer.concat(parts);
}

let lastFiller: { length: number; advance: Uint32Array } = { length: -1, advance: new Uint32Array(32) };

/**
 * A prepared document's deflate blocks with `nonce` at its places pushed onto `parts`, continuing a gzip stream whose
 * text so far has CRC-32 `crc` and `length` bytes: the CRC-32 and length with the document added.
 */
export function appendPrepared(parts: Buffer[], prepared: PreparedGzip, nonce: string, crc: number, length: number): { crc: number; length: number } {
  const filler = Buffer.from(nonce);
  const between = storedBlocks(filler);
  const fillerCrc = crc32(filler) >>> 0;
  // nonces are all of one length: its operator is built once
  if (lastFiller.length !== filler.length) lastFiller = { length: filler.length, advance: crcAdvance(filler.length) };
  const fillerAdvance = lastFiller.advance;
  prepared.deflated.forEach((d, i) => {
    if (i > 0) {
      parts.push(between);
      crc = combine(crc, fillerCrc, fillerAdvance);
      length += filler.length;
    }
    parts.push(d);
    crc = combine(crc, prepared.crcs[i]!, prepared.advance[i]!);
    length += prepared.lengths[i]!;
  });
  return { crc, length };
}

/** the gzip trailer: CRC-32 and length (mod 2^32) of the whole text */
export function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return trailer;
}

/** gzip of the document with `nonce` at the nonce's places: one ordinary gzip member. */
export function cachedGzip(prepared: PreparedGzip, nonce: string): Buffer {
  const parts: Buffer[] = [HEADER];
  const { crc, length } = appendPrepared(parts, prepared, nonce, 0, 0);
  parts.push(FINAL, gzipTrailer(crc, length));
  return Buffer.concat(parts);
}
