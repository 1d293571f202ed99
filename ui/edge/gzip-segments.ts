import { constants, crc32, deflateRawSync } from 'node:zlib';
import { appendPrepared, deflatePieces, FINAL, gzipTrailer, HEADER, storedBlocks, type PreparedGzip } from './cached-gzip';

export { deflatePieces };

/**
 * gzip for cached pages without compressing the page again per answer: the parts of a cached page between its nonce
 * places are deflated once (each ending on a sync flush, so each is byte-aligned and refers to nothing before it) and
 * kept; an answer deflates only its nonce and joins the pieces into one ordinary gzip member (header, the deflate
 * blocks in order, a final empty block, CRC-32 and length of the whole text). The same technique as pigz's parallel
 * blocks: every decoder reads it as a single gzip stream.
 */
/** gzip of `pieces.join(filler)`, from the pieces deflated by deflatePieces. */
export function gzipJoined(pieces: readonly string[], deflated: readonly Buffer[], filler: string): Buffer {
  const text = Buffer.from(pieces.join(filler));
  const between = storedBlocks(Buffer.from(filler));
  const parts: Buffer[] = [HEADER];
  deflated.forEach((d, i) => {
    if (i > 0) parts.push(between);
    parts.push(d);
  });
  parts.push(FINAL, gzipTrailer(crc32(text), text.length));
  return Buffer.concat(parts);
}

/**
 * A gzip answer written in two steps (issue 8, fourth pass: uncached pages): `start` is the gzip header and the
 * document's head, joined from pieces deflated once (the head is the same for every page of a build and locale but
 * its nonce, and holds the inlined stylesheet: most of what a brotli stream compressed per answer), sent before the
 * body is rendered; `end(body)` deflates the body in one call, ends the stream and writes the CRC-32 and length of
 * the whole text. What a client decodes is `pieces.join(filler) + body`.
 */
export class GzipAnswer {
  private crc: number;
  private length: number;
  /** the gzip header and the head's deflate blocks (non-final, byte-aligned) */
  readonly start: Buffer;

  /** `pieces` as text or, kept from answer to answer, as their UTF-8 bytes (no text joined and encoded per answer) */
  constructor(pieces: ReadonlyArray<string | Buffer>, deflated: readonly Buffer[], filler: string) {
    // the CRC-32 of pieces.join(filler), continued piece by piece
    const fill = Buffer.from(filler);
    let crc = 0;
    let length = 0;
    pieces.forEach((p, i) => {
      if (i > 0) {
        crc = crc32(fill, crc);
        length += fill.length;
      }
      const bytes = typeof p === 'string' ? Buffer.from(p) : p;
      crc = crc32(bytes, crc);
      length += bytes.length;
    });
    this.crc = crc;
    this.length = length;
    const between = pieces.length > 1 ? storedBlocks(fill) : undefined;
    const parts: Buffer[] = [HEADER];
    deflated.forEach((d, i) => {
      if (i > 0) parts.push(between!);
      parts.push(d);
    });
    this.start = Buffer.concat(parts);
  }

  /**
   * the rest of the answer: `body` deflated, then (`tail`) a prepared document with the nonce at its places (the end of
   * a page: its boot data and scripts, the same for every answer of the page while its data is, deflated once), then
   * the gzip trailer
   */
  end(body: Buffer, level = 6, tail?: { prepared: PreparedGzip; nonce: string }): Buffer {
    const crc = crc32(body, this.crc);
    const length = this.length + body.length;
    if (!tail) return Buffer.concat([deflateRawSync(body, { level, finishFlush: constants.Z_FINISH }), gzipTrailer(crc, length)]);
    const parts: Buffer[] = [deflateRawSync(body, { level, finishFlush: constants.Z_SYNC_FLUSH })];
    const whole = appendPrepared(parts, tail.prepared, tail.nonce, crc, length);
    parts.push(FINAL, gzipTrailer(whole.crc, whole.length));
    return Buffer.concat(parts);
  }
}
