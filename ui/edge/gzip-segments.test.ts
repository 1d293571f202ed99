import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGunzip, gunzipSync } from 'node:zlib';
import { deflatePieces, GzipAnswer, gzipJoined } from './gzip-segments';
import { prepareGzip, storedBlocks } from './cached-gzip';
import { inflateRawSync } from 'node:zlib';

describe('gzip of a cached page joined from pieces deflated once', () => {
  it('decodes to exactly the pieces joined with the filler (property, any text incl. non-ASCII)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { minLength: 1, maxLength: 6 }), fc.string({ unit: 'grapheme', maxLength: 30 }), (pieces, filler) => {
        const gz = gzipJoined(pieces, deflatePieces(pieces), filler);
        expect(gunzipSync(gz).toString()).toBe(pieces.join(filler));
      }),
    );
  });

  it('compresses a page-sized document about as well as gzipping it whole', () => {
    const page = `<!doctype html><html>${'<li class="product-tile">Inpakpapier kerst goud 70 cm x 2 m</li>'.repeat(2000)}</html>`;
    const pieces = page.split('<li class="product-tile">Inpakpapier kerst goud 70 cm x 2 m</li>'.repeat(500));
    const gz = gzipJoined(pieces, deflatePieces(pieces), 'NONCE');
    expect(gz.length).toBeLessThan(page.length / 20);
  });
});

describe('a gzip answer sent in two steps (uncached pages: head first, body once rendered)', () => {
  it('decodes to the head pieces joined with the filler, then the body (property, any text incl. non-ASCII)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { minLength: 1, maxLength: 6 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 2000 }),
        fc.constantFrom(1, 6, 9),
        (pieces, filler, body, level) => {
          const answer = new GzipAnswer(pieces, deflatePieces(pieces, level), filler);
          const gz = Buffer.concat([answer.start, answer.end(Buffer.from(body), level)]);
          expect(gunzipSync(gz).toString()).toBe(pieces.join(filler) + body);
        },
      ),
    );
  });

  it('the head can be read before the body is there (a streaming decoder gets it from the first part alone)', () => {
    const head = ['<!doctype html><head><style nonce="', '">body{color:red}</style><link nonce="', '">'];
    const answer = new GzipAnswer(head, deflatePieces(head, 9), 'abc123');
    const inflater = createGunzip();
    const out: Buffer[] = [];
    inflater.on('data', (d: Buffer) => out.push(d));
    inflater.write(answer.start);
    return new Promise<void>((resolve) => {
      inflater.flush(() => {
        expect(Buffer.concat(out).toString()).toBe(head.join('abc123'));
        resolve();
      });
    });
  });
});

describe('a gzip answer from head pieces kept as bytes', () => {
  it('is the same answer as from the pieces as text', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { minLength: 1, maxLength: 5 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ maxLength: 500 }), (pieces, filler, body) => {
        const deflated = deflatePieces(pieces, 9);
        const fromText = new GzipAnswer(pieces, deflated, filler);
        const fromBytes = new GzipAnswer(pieces.map((p) => Buffer.from(p)), deflated, filler);
        const a = Buffer.concat([fromText.start, fromText.end(Buffer.from(body))]);
        expect(Buffer.concat([fromBytes.start, fromBytes.end(Buffer.from(body))]).equals(a)).toBe(true);
        expect(gunzipSync(a).toString()).toBe(pieces.join(filler) + body);
      }),
    );
  });
});

describe("a gzip answer's end deflated once (issue 8, seventh pass: the page's boot data, the same for every answer of a page)", () => {
  const SLOT = '\u0000NONCE\u0000';
  it('decodes to the head, the body, then the end with the nonce in its places (property, any text incl. non-ASCII)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { minLength: 1, maxLength: 4 }),
        fc.string({ unit: 'grapheme', maxLength: 1000 }),
        fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { minLength: 1, maxLength: 4 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.constantFrom(1, 5, 9),
        (head, body, end, nonce, level) => {
          const answer = new GzipAnswer(head, deflatePieces(head, 9), nonce);
          const prepared = prepareGzip(end.join(SLOT), SLOT);
          const gz = Buffer.concat([answer.start, answer.end(Buffer.from(body), level, { prepared, nonce })]);
          // gunzip checks the trailer's CRC-32 and length against what it decoded
          expect(gunzipSync(gz).toString()).toBe(head.join(nonce) + body + end.join(nonce));
        },
      ),
    );
  });

  it('one prepared end serves many answers, each with its own nonce', () => {
    const end = `<script nonce="${SLOT}">window.__STATE__=${JSON.stringify({ p: 'Inpakpapier € 4,95 '.repeat(3000) })}</script><script nonce="${SLOT}" src="/x.js"></script>`;
    const prepared = prepareGzip(end, SLOT);
    for (const nonce of ['n0nce-one', 'Zm9vYmFyYmF6cXV4MTIzNA', '']) {
      const answer = new GzipAnswer(['<head nonce="', '">'], deflatePieces(['<head nonce="', '">'], 9), nonce);
      const gz = Buffer.concat([answer.start, answer.end(Buffer.from('<body>…</body>'), 5, { prepared, nonce })]);
      expect(gunzipSync(gz).toString()).toBe(`<head nonce="${nonce}"><body>…</body>${end.split(SLOT).join(nonce)}`);
    }
  });
});

describe('stored blocks (the nonce between deflated pieces, without a zlib stream per answer)', () => {
  it('inflate to the bytes, also past the 65,535 bytes one block holds, and empty', () => {
    for (const n of [0, 1, 22, 65_535, 65_536, 200_000]) {
      const bytes = Buffer.alloc(n, 'a');
      // then a final empty block (fixed Huffman: BFINAL 1, BTYPE 01, end of block)
      const raw = Buffer.concat([storedBlocks(bytes), Buffer.from([0x03, 0x00])]);
      expect(inflateRawSync(raw).equals(bytes)).toBe(true);
    }
  });
});
