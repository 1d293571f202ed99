// `npm start`: install what is missing, build, start the demo backend (127.0.0.1:8080) and the storefront
// (127.0.0.1:3000), print the URL. Overridable: API_PORT, PORT, HOST, API_URL; LOG_LEVEL is passed on.
// Both servers write pino's JSON lines (as in production and in tests); here, for a person at a terminal, they are
// shown through pino-pretty. Either server stopping stops both (scripts/topology.mjs serve).
import { ensureNodeModules } from './ensure-deps.mjs';
import { serve } from './topology.mjs';

ensureNodeModules();
const { default: pinoPretty } = await import('pino-pretty');
const { buildAll } = await import('./build.mjs');
await buildAll();

/** a request on one line (`GET /a 200 3.1 ms [its reqId]`); any other line with the reqId it names */
const PRETTY = {
  colorize: process.stdout.isTTY === true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,reqId,method,url,status,ms',
  messageFormat: (log, key) => {
    const id = log.reqId ? ` [${log.reqId}]` : '';
    return log[key] === 'request' ? `${log.method} ${log.url} ${log.status} ${log.ms} ms${id}` : `${log[key]}${id}`;
  },
};
const { HOST: host = '127.0.0.1', API_PORT: apiPort = '8080', PORT: port = '3000', API_URL: externalApi } = process.env;
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

const start = (name, file, env) =>
  serve(name, [file, ...process.argv.slice(2)], { ...process.env, NODE_ENV: 'production', ...env }, pinoPretty(PRETTY));

const url = `http://${host}:${port}`;
if (!externalApi) await start('backend', 'dist/backend.mjs', { API_PORT: apiPort, HOST: host, STOREFRONT_URL: url });
const apiUrl = externalApi ?? `http://${host}:${apiPort}`;
await start('storefront', 'dist/server.mjs', { PORT: port, HOST: host, API_URL: apiUrl });
console.log(`\n  Open ${url}/ (Ctrl-C stops both servers)\n`);
