import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * gzip for cached pages without compressing the page again per answer: the parts of a cached page between its nonce
 * places are deflated once (each ending on a sync flush, so each is byte-aligned and refers to nothing before it) and
 * kept; an answer deflates only its nonce and joins the pieces into one ordinary gzip member (header, the deflate
 * blocks in order, a final empty block, CRC-32 and length of the whole text). The same technique as pigz's parallel
 * blocks: every decoder reads it as a single gzip stream.
 */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL = deflateRawSync(Buffer.alloc(0), { finishFlush: constants.Z_FINISH });

export function deflatePieces(pieces: readonly string[]): Buffer[] {
  return pieces.map((p) => deflateRawSync(p, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }));
}

/** gzip of `pieces.join(filler)`, from the pieces deflated by deflatePieces. */
export function gzipJoined(pieces: readonly string[], deflated: readonly Buffer[], filler: string): Buffer {
  const text = Buffer.from(pieces.join(filler));
  const between = deflateRawSync(filler, { finishFlush: constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = [HEADER];
  deflated.forEach((d, i) => {
    if (i > 0) parts.push(between);
    parts.push(d);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(text) >>> 0, 0);
  trailer.writeUInt32LE(text.length >>> 0, 4);
  parts.push(FINAL, trailer);
  return Buffer.concat(parts);
}
