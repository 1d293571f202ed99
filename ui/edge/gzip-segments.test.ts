import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGunzip, gunzipSync } from 'node:zlib';
import { deflatePieces, GzipAnswer, gzipJoined } from './gzip-segments';

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
