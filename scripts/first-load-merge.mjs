// The browser bundle in two esbuild passes (issue 10): the first load in as few files as its modules allow.
//
// Why: esbuild's code splitting puts every piece of code into the chunk of the set of entry points that reach it, and
// every page, the transaction half, the locale and the service worker registration are entry points of their own (each
// a dynamic import). The first page's code was cut into 20-odd chunks by which of those later chunks share it: each
// one gzipped on its own, they cost 7 KB more on the wire than the same code in one file, and as many requests.
//
// How: pass 1 is the ordinary split build (tree shaking, minification) into memory. Pass 2 bundles pass 1's own output
// again without tree shaking (pass 1 did it), so code is placed by whole files, after one rewrite: a chunk loaded later
// no longer imports a first-load chunk itself but a facade module that re-exports every first-load chunk's exports
// under names of their own. Every later chunk that needs anything of the first load then reaches all of it through the
// facade, so the first load's chunks all have the same set of entry points and become one shared chunk; the entry file
// keeps its own code (its top-level await stays out of what later chunks import). Hashes, names and source maps (pass
// 1's inline maps, chained) are esbuild's own in pass 2.
import { build } from 'esbuild';
import { dirname, join, relative } from 'node:path';

const NS = 'pass1';
const FACADE = `${NS}:first-load-facade`;

/** The output files a set of outputs loads before running: themselves and what they import statically, transitively. */
export function staticClosure(meta, start) {
  const seen = new Set();
  const queue = [...start];
  while (queue.length) {
    const f = queue.shift();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of meta.outputs[f]?.imports ?? []) if (i.kind === 'import-statement') queue.push(i.path);
  }
  return seen;
}

/** A name for an export of a first-load chunk that no other chunk's export has. */
const facadeName = (chunkIndex, name) => `c${chunkIndex}$${name}`;

/**
 * The leading import statements of a pass-1 chunk (esbuild writes them first, minified), rewritten: those of a
 * first-load chunk import the same bindings from the facade. Answers the new code; throws when an import of a
 * first-load chunk is of a form it does not know (the build must not go on with a second copy of that code).
 */
export function rewriteImports(code, importerPath, firstLoad) {
  let pos = 0;
  let out = '';
  const skip = () => {
    for (;;) {
      const ws = /^\s*/.exec(code.slice(pos))[0];
      pos += ws.length;
      out += ws;
      if (code.startsWith('/*', pos)) {
        const end = code.indexOf('*/', pos) + 2;
        out += code.slice(pos, end);
        pos = end;
      } else if (code.startsWith('//', pos)) {
        const end = code.indexOf('\n', pos);
        out += code.slice(pos, end < 0 ? code.length : end);
        pos = end < 0 ? code.length : end;
      } else return;
    }
  };
  const statement = /^import\s*(?:(\{[^}]*\})\s*from\s*|(\*\s*as\s*[\w$]+)\s*from\s*|([\w$]+)\s*(?:,\s*(\{[^}]*\}))?\s*from\s*)?"([^"]+)";?/;
  for (;;) {
    skip();
    const m = statement.exec(code.slice(pos));
    if (!m) break;
    const [whole, named, star, dflt, dfltNamed, spec] = m;
    pos += whole.length;
    const target = join(dirname(importerPath), spec);
    const chunk = firstLoad.get(target);
    if (chunk === undefined) {
      out += whole;
      continue;
    }
    if (star || dflt) throw new Error(`first-load merge: ${importerPath} imports ${spec} as '${star ?? dflt}' (${dfltNamed ?? ''}): not rewritten`);
    if (!named) {
      out += `import"${FACADE}";`;
      continue;
    }
    const specifiers = named
      .slice(1, -1)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const [name, local] = s.split(/\s+as\s+/);
        return `${facadeName(chunk, name)} as ${local ?? name}`;
      });
    out += `import{${specifiers.join(',')}}from"${FACADE}";`;
  }
  const rest = code.slice(pos);
  for (const f of firstLoad.keys()) {
    const name = f.slice(f.lastIndexOf('/') + 1);
    if (rest.includes(`"./${name}"`) || rest.includes(`"../${name}"`) || rest.includes(`/${name}"`)) {
      // a dynamic import of a first-load chunk would load it a second time (esbuild never writes one: checked anyway)
      if (new RegExp(`import\\(\\s*"[^"]*${name.replace(/[.$]/g, '\\$&')}"`).test(rest)) throw new Error(`first-load merge: ${importerPath} loads ${name} dynamically`);
    }
  }
  return out + rest;
}

/**
 * Pass 2 over pass 1's output. `pass1`: esbuild's result of the split build with write: false and metafile (inline
 * source maps when `sourcemap`). `options`: the output options of pass 2 (outdir, write, entryNames, chunkNames,
 * banner, ...). Answers pass 2's result with a metafile in source terms: each output's entry point is the source
 * module pass 1 built it from, and its inputs the source modules of the pass-1 files it holds (bytes shared out in
 * proportion), so what reads the metafile (manifest, precache, bundle-size) reads it as before.
 */
export async function mergeFirstLoad(pass1, { absWorkingDir, outdir, write, sourcemap, banner, entryNames, chunkNames, assetNames, logLevel }) {
  const root = absWorkingDir;
  const meta1 = pass1.metafile;
  const abs = (f) => join(root, f);
  const files = new Map(pass1.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => [f.path, f]));
  // pass 1's files under their names without pass 1's hash where that leaves them unique: pass 2 names them
  // '<name>-<hash>' again (HomePage-<hash>.js, not HomePage-<hash1>-<hash2>.js)
  const unhashed = (p) => p.replace(/-[A-Z0-9]{8}\.js$/, '.js');
  const counts = new Map();
  for (const p of files.keys()) counts.set(unhashed(p), (counts.get(unhashed(p)) ?? 0) + 1);
  const toVirtual = new Map([...files.keys()].map((p) => [p, counts.get(unhashed(p)) === 1 ? unhashed(p) : p]));
  const toReal = new Map([...toVirtual].map(([r, v]) => [v, r]));
  const entryRel = Object.keys(meta1.outputs).find((f) => meta1.outputs[f].entryPoint && f.endsWith('.js') && isMainEntry(meta1, f));
  if (!entryRel) throw new Error('first-load merge: no main entry in pass 1');
  const firstLoadRel = [...staticClosure(meta1, [entryRel])].filter((f) => f !== entryRel);
  const firstLoad = new Map(firstLoadRel.map((f, i) => [abs(f), i]));

  // the facade: every export of every first-load chunk, under a name of its own
  const facade = firstLoadRel
    .map((f, i) => {
      const names = meta1.outputs[f].exports ?? [];
      const spec = JSON.stringify(abs(f));
      return names.length ? `export{${names.map((n) => `${n} as ${facadeName(i, n)}`).join(',')}}from${spec};` : `import${spec};`;
    })
    .join('\n');

  const text = (f) => Buffer.from(f.contents).toString('utf8');
  const plugin = {
    name: 'first-load-merge',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.path === FACADE) return { path: FACADE, namespace: NS };
        // the importer's directory: a virtual path has its real one's
        const from = args.importer && args.importer !== FACADE ? dirname(args.importer) : '';
        const path = args.path.startsWith('/') ? args.path : join(from, args.path);
        if (!files.has(path)) throw new Error(`first-load merge: ${args.path} (from ${args.importer}) is not an output of pass 1`);
        return { path: toVirtual.get(path), namespace: NS };
      });
      b.onLoad({ filter: /.*/, namespace: NS }, (args) => {
        if (args.path === FACADE) return { contents: facade, loader: 'js', resolveDir: root };
        const real = toReal.get(args.path);
        const code = text(files.get(real));
        const inFirstLoad = firstLoad.has(real) || real === abs(entryRel);
        return { contents: inFirstLoad ? code : rewriteImports(code, real, firstLoad), loader: 'js', resolveDir: dirname(real) };
      });
    },
  };

  const pass2 = await build({
    absWorkingDir: root,
    // named by its source's name (as pass 1 did), not pass 1's file name with pass 1's hash
    entryPoints: [{ in: abs(entryRel), out: meta1.outputs[entryRel].entryPoint.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '') }],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    treeShaking: false,
    sourcemap,
    metafile: true,
    write,
    outdir,
    entryNames: entryNames ?? '[name]-[hash]',
    chunkNames: chunkNames ?? 'chunks/[name]-[hash]',
    assetNames,
    ...(banner ? { banner } : {}),
    logLevel: logLevel ?? 'warning',
    plugins: [plugin],
  });

  // pass 1's other outputs (the stylesheet, assets): as they are
  const others = pass1.outputFiles.filter((f) => !f.path.endsWith('.js') && !f.path.endsWith('.js.map'));
  const rel = (p) => relative(root, toReal.get(p) ?? p);
  return { ...pass2, metafile: composeMetafile(meta1, pass2.metafile, rel), others };
}

function isMainEntry(meta1, f) {
  // the main entry: an entry point no other output imports dynamically
  const dynamicTargets = new Set(Object.values(meta1.outputs).flatMap((o) => o.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)));
  return !dynamicTargets.has(f);
}

/**
 * Pass 2's metafile in source terms (see mergeFirstLoad). Pass 2's inputs are 'pass1:<absolute path>' of pass-1 files.
 */
function composeMetafile(meta1, meta2, rel) {
  const pass1Of = (input) => {
    const p = input.startsWith(`${NS}:`) ? input.slice(NS.length + 1) : input;
    return p.startsWith('/') ? rel(p) : p;
  };
  const outputs = {};
  for (const [out, o] of Object.entries(meta2.outputs)) {
    const inputs = {};
    for (const [input, { bytesInOutput }] of Object.entries(o.inputs)) {
      const p1 = meta1.outputs[pass1Of(input)];
      if (!p1) continue;
      const total = Object.values(p1.inputs).reduce((s, i) => s + i.bytesInOutput, 0) || 1;
      for (const [src, { bytesInOutput: b }] of Object.entries(p1.inputs)) {
        inputs[src] = { bytesInOutput: (inputs[src]?.bytesInOutput ?? 0) + Math.round((bytesInOutput * b) / total) };
      }
    }
    const entry = o.entryPoint ? meta1.outputs[pass1Of(o.entryPoint)]?.entryPoint : undefined;
    outputs[out] = { ...o, inputs, ...(entry ? { entryPoint: entry } : {}) };
  }
  // pass 1's stylesheet and assets, as they are
  for (const [out, o] of Object.entries(meta1.outputs)) if (!out.endsWith('.js') && !out.endsWith('.js.map')) outputs[out] = o;
  return { inputs: meta1.inputs, outputs };
}
