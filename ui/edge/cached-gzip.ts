import { constants, crc32, deflateRawSync } from 'node:zlib';
import { deflatePieces } from './gzip-segments';

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

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL = deflateRawSync(Buffer.alloc(0), { finishFlush: constants.Z_FINISH });

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
export function prepareGzip(html: string, slot: string): PreparedGzip {
  const pieces = html.split(slot);
  const loose = deflatePieces(pieces);
  // zlib answers each part in a 16 KB chunk of its own, kept whole by the slice it returns (a heap snapshot: 5,500
  // parts of 500 pages held 107 MB, most of them a few bytes of deflate): one buffer of exactly their size
  const packed = Buffer.concat(loose);
  let at = 0;
  const deflated = loose.map((b) => packed.subarray(at, (at += b.length)));
  const bytes = pieces.map((p) => Buffer.from(p));
  const lengths = bytes.map((b) => b.length);
  return { deflated, crcs: bytes.map((b) => crc32(b) >>> 0), lengths, advance: lengths.map(crcAdvance), bytes: packed.length + 32 * 4 * pieces.length + 64 };
}

let lastFiller: { length: number; advance: Uint32Array } = { length: -1, advance: new Uint32Array(32) };

/** gzip of the document with `nonce` at the nonce's places: one ordinary gzip member. */
export function cachedGzip(prepared: PreparedGzip, nonce: string): Buffer {
  const filler = Buffer.from(nonce);
  const between = deflateRawSync(filler, { finishFlush: constants.Z_SYNC_FLUSH });
  const fillerCrc = crc32(filler) >>> 0;
  // nonces are all of one length: its operator is built once
  if (lastFiller.length !== filler.length) lastFiller = { length: filler.length, advance: crcAdvance(filler.length) };
  const fillerAdvance = lastFiller.advance;
  const parts: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  prepared.deflated.forEach((d, i) => {
    if (i > 0) {
      parts.push(between);
      crc = combine(crc, fillerCrc, fillerAdvance);
      length += filler.length;
    }
    parts.push(d);
    crc = i === 0 ? prepared.crcs[0]! : combine(crc, prepared.crcs[i]!, prepared.advance[i]!);
    length += prepared.lengths[i]!;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL, trailer);
  return Buffer.concat(parts);
}
