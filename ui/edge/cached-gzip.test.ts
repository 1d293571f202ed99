import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc32, gunzipSync } from 'node:zlib';
import { cachedGzip, crcAdvance, prepareGzip } from './cached-gzip';

const SLOT = '\u0000NONCE\u0000';

describe('cachedGzip', () => {
  it('is the gzip of the document with the nonce in its places: gunzip checks its CRC-32 and length (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 300 }), { minLength: 1, maxLength: 8 }), fc.string({ minLength: 0, maxLength: 40 }), (pieces, nonce) => {
        const prepared = prepareGzip(pieces.join(SLOT), SLOT);
        expect(gunzipSync(cachedGzip(prepared, nonce)).toString()).toBe(pieces.join(nonce));
      }),
      { numRuns: 300 },
    );
  });

  it('a real-sized page (300 KB, € signs) with several nonces, and the same prepared page for many answers', () => {
    const page = `<!doctype html><script nonce="${SLOT}">x</script>${'<li>Inpakpapier € 4,95 — kerst</li>'.repeat(8000)}<script nonce="${SLOT}"></script>`;
    const prepared = prepareGzip(page, SLOT);
    for (const nonce of ['abc', 'R4nd0mN0nce+/==', 'other-nonce-value']) expect(gunzipSync(cachedGzip(prepared, nonce)).toString()).toBe(page.split(SLOT).join(nonce));
    // kept: the deflated parts in one buffer, far smaller than the text
    expect(prepared.deflated.every((d) => d.buffer === prepared.deflated[0]!.buffer)).toBe(true);
    expect(prepared.bytes).toBeLessThan(Buffer.byteLength(page) / 10);
  });

  it("advancing a CRC over n bytes is zlib's crc32_combine", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }), (a, b) => {
        const advance = crcAdvance(b.length);
        let sum = 0;
        let v = crc32(a) >>> 0;
        for (let i = 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= advance[i]!;
        expect(((sum ^ crc32(b)) >>> 0)).toBe(crc32(Buffer.concat([a, b])) >>> 0);
      }),
    );
  });
});
