// Runs a TypeScript benchmark: bundles scripts/bench/<name>.ts with esbuild (native modules external) and runs it.
// Usage: node scripts/bench/run.mjs search-latency
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { NODE_BUNDLE, SERVER_SHIMS } from '../build.mjs';

const name = process.argv[2];
if (!name) {
  console.error('usage: node scripts/bench/run.mjs <bench name, e.g. search-latency>');
  process.exit(2);
}
const root = new URL('../..', import.meta.url).pathname;
const outfile = `${root}dist/bench/${name}.mjs`;
await build({
  ...NODE_BUNDLE,
  absWorkingDir: root,
  entryPoints: [`scripts/bench/${name}.ts`],
  outfile,
  logLevel: 'warning',
  // renders as the server bundle does (its react-i18next and react-router-dom are ui/app/server-i18next.ts and server-router.ts)
  plugins: SERVER_SHIMS,
});
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(3)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
