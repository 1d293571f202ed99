// `npm start`: install what is missing, build, start the demo backend (127.0.0.1:8080) and the storefront
// (127.0.0.1:3000), print the URL. Ports and hosts are overridable: API_PORT, PORT, HOST, API_URL; LOG_LEVEL is passed on.
// Both servers write pino's JSON lines (as in production and in tests); here, for a person at a terminal, they are
// shown through pino-pretty.
import { spawn } from 'node:child_process';
import { ensureNodeModules } from './ensure-deps.mjs';

ensureNodeModules();
const { default: pinoPretty } = await import('pino-pretty');
const { buildAll } = await import('./build.mjs');
await buildAll();

const root = new URL('..', import.meta.url).pathname;
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
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '8080';
const port = process.env.PORT ?? '3000';
const externalApi = process.env.API_URL;
const children = [];

function start(name, file, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...process.argv.slice(2)], { cwd: root, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    // each line names its server (`name`); lines that are not JSON (none expected) are shown as they are
    child.stdout.pipe(pinoPretty(PRETTY));
    child.stdout.on('data', (d) => {
      if (ready.test(String(d))) resolve(child);
    });
    child.on('exit', (code) => {
      reject(new Error(`${name} exited with ${code}`));
      if (code) shutdown(code);
    });
  });
}

function shutdown(code = 0) {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

if (!externalApi) {
  await start('backend', 'dist/backend.mjs', { API_PORT: apiPort, HOST: host, STOREFRONT_URL: `http://${host}:${port}` }, /backend listening/);
}
await start('storefront', 'dist/server.mjs', { PORT: port, HOST: host, API_URL: externalApi ?? `http://${host}:${apiPort}` }, /storefront listening/);
console.log(`\n  Open http://${host}:${port}/ (Ctrl-C stops both servers)\n`);
