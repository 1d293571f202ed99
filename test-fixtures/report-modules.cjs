// Preloaded (`NODE_OPTIONS=--require`) into the built server by ui/server-process.test.ts: when a cluster worker exits,
// it writes the CommonJS modules that ran in it to `$STOREFRONT_REPORT_MODULES.<pid>` (checks React's production build).
const cluster = require('node:cluster');
const { writeFileSync } = require('node:fs');

if (cluster.isWorker) {
  process.on('exit', () => {
    // only modules that ran: node's ESM loader also lists, unloaded, every file a CommonJS package might re-export
    const ran = Object.values(require.cache).flatMap((m) => (m && m.loaded ? [m.filename] : []));
    writeFileSync(`${process.env.STOREFRONT_REPORT_MODULES}.${process.pid}`, JSON.stringify(ran));
  });
}
