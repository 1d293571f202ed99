import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gunzipSync } from 'node:zlib';
import { deflatePieces, gzipJoined } from './gzip-segments';

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
