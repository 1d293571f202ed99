import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
// @ts-expect-error plain ESM script without types
import { minifyFiles, resizeMetafile } from './minify-pass.mjs';

type Out = { path: string; contents: Uint8Array; text: string };

/** esbuild's output for a small module (one export, one local function), with a source map file */
async function esbuildOutput(banner = '') {
  const r = await build({
    stdin: { contents: 'export function shopTotal(items) {\n  const sumOfPrices = items.reduce((a, i) => a + i.price, 0);\n  return sumOfPrices;\n}\nexport const label = "Producten laden";\n', sourcefile: 'src/total.js', loader: 'js' },
    outfile: '/out/total.js',
    format: 'esm',
    minify: true,
    sourcemap: true,
    write: false,
    ...(banner ? { banner: { js: banner } } : {}),
  });
  return r.outputFiles as Out[];
}

describe('the second minifier (scripts/minify-pass.mjs)', () => {
  it('keeps exports and behaviour, the banner first, and a source map that still points into the source', async () => {
    const banner = '/* build test-1 */';
    const { files, sizes } = minifyFiles(await esbuildOutput(banner), { banner }) as { files: Out[]; sizes: Map<string, number> };
    const js = files.find((f) => f.path === '/out/total.js')!;
    const map = JSON.parse(files.find((f) => f.path === '/out/total.js.map')!.text);
    expect(js.text.startsWith(`${banner}\n`)).toBe(true);
    expect(js.text).toContain('//# sourceMappingURL=total.js.map');
    expect(sizes.get('/out/total.js')).toBe(js.contents.length);
    const mod = await import(`data:text/javascript,${encodeURIComponent(js.text)}`);
    expect(mod.shopTotal([{ price: 2 }, { price: 3 }])).toBe(5);
    expect(mod.label).toBe('Producten laden');
    expect(map.sources.some((s: string) => s.endsWith('src/total.js'))).toBe(true);
    // line 1 is the banner (no mappings), line 2 the code
    expect(map.mappings.startsWith(';')).toBe(true);
  });

  it('resizes the metafile: an output gets its new size and its inputs their share of it', () => {
    const meta = { inputs: {}, outputs: { 'dist/a.js': { bytes: 200, inputs: { 'x.ts': { bytesInOutput: 150 }, 'y.ts': { bytesInOutput: 50 } } }, 'dist/b.css': { bytes: 10, inputs: {} } } };
    const out = resizeMetafile(meta, new Map([['/repo/dist/a.js', 100]]), '/repo');
    expect(out.outputs['dist/a.js']).toMatchObject({ bytes: 100, inputs: { 'x.ts': { bytesInOutput: 75 }, 'y.ts': { bytesInOutput: 25 } } });
    expect(out.outputs['dist/b.css']).toEqual(meta.outputs['dist/b.css']);
  });
});
