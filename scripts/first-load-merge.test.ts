import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM scripts without types
import { rewriteImports } from './first-load-merge.mjs';

// issue 10: a later chunk imports the first load's chunks through the facade (scripts/first-load-merge.mjs)
describe('rewriteImports', () => {
  const firstLoad = new Map([
    ['/out/chunks/chunk-AAAAAAAA.js', 0],
    ['/out/chunks/chunk-BBBBBBBB.js', 3],
  ]);
  const importer = '/out/chunks/HomePage-CCCCCCCC.js';

  it('names each binding of a first-load chunk by its facade name, keeping the local name', () => {
    const code = 'import{a as b,c}from"./chunk-AAAAAAAA.js";import{x as y}from"./chunk-BBBBBBBB.js";function f(){return b(c,y)}export{f as HomePage};';
    expect(rewriteImports(code, importer, firstLoad)).toBe(
      'import{c0$a as b,c0$c as c}from"pass1:first-load-facade";import{c3$x as y}from"pass1:first-load-facade";function f(){return b(c,y)}export{f as HomePage};',
    );
  });

  it('leaves imports of other chunks, a leading comment and the code as they are; a bare import goes to the facade', () => {
    const code = '/* build 1 */\nimport"./chunk-AAAAAAAA.js";import{q}from"./chunk-DDDDDDDD.js";const s="import{z}from\\"./chunk-AAAAAAAA.js\\"";';
    expect(rewriteImports(code, importer, firstLoad)).toBe('/* build 1 */\nimport"pass1:first-load-facade";import{q}from"./chunk-DDDDDDDD.js";const s="import{z}from\\"./chunk-AAAAAAAA.js\\"";');
  });

  it('refuses a namespace or default import of a first-load chunk rather than copy it', () => {
    expect(() => rewriteImports('import*as n from"./chunk-AAAAAAAA.js";n.a();', importer, firstLoad)).toThrow(/not rewritten/);
    expect(() => rewriteImports('import d from"./chunk-BBBBBBBB.js";d();', importer, firstLoad)).toThrow(/not rewritten/);
  });
});
