// Issue 10: in the browser bundle, `MESSAGES.name` (core/messages.ts, every message key of the shop, ~150) becomes the
// key's string itself, so the bundle carries the keys its code uses and not the table: esbuild keeps an object
// whole as soon as one property is read, and the first load read a few dozen of the table's keys. Same strings, same
// behaviour (the table is a constant; the browser code never reads it as a whole: scripts/inline-messages.test.ts).
// The source keeps `MESSAGES.name`; the server and the tests run it so.
import { build } from 'esbuild';

/** the MESSAGES table of core/messages.ts, by building that module (it is TypeScript) */
export async function readMessages(root) {
  const r = await build({ absWorkingDir: root, entryPoints: ['core/messages.ts'], bundle: true, format: 'esm', write: false, logLevel: 'error' });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(r.outputFiles[0].text).toString('base64')}`);
  return mod.MESSAGES;
}

/**
 * `source` with every `MESSAGES.name` read as a value replaced by the key's string literal; a type (`typeof
 * MESSAGES.name`) stays. Only in a module that imports MESSAGES from core/messages (by a relative path). Throws on a
 * name the table does not have (TypeScript would too).
 */
export function inlineMessages(source, messages, file = '') {
  if (!/import\s*\{[^}]*\bMESSAGES\b[^}]*\}\s*from\s*['"][./]+(?:core\/)?messages['"]/.test(source)) return source;
  return source.replace(/(\btypeof\s+)?\bMESSAGES\.([A-Za-z_$][\w$]*)/g, (whole, typeOf, name) => {
    if (typeOf) return whole;
    if (!Object.hasOwn(messages, name)) throw new Error(`inline-messages: ${file} reads MESSAGES.${name}, which core/messages.ts does not have`);
    return JSON.stringify(messages[name]);
  });
}
