// `npm start`: install what is missing, build, start the demo backend (127.0.0.1:8080) and the storefront
// (127.0.0.1:3000), print the URL. Ports and hosts are overridable: API_PORT, PORT, HOST, API_URL.
import { spawn } from 'node:child_process';
import { ensureNodeModules } from './ensure-deps.mjs';

ensureNodeModules();
const { buildAll } = await import('./build.mjs');
await buildAll();

const root = new URL('..', import.meta.url).pathname;
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '8080';
const port = process.env.PORT ?? '3000';
const externalApi = process.env.API_URL;
const children = [];

function start(name, file, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, ...process.argv.slice(2)], { cwd: root, env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    child.stdout.on('data', (d) => {
      process.stdout.write(`[${name}] ${d}`);
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
  await start('backend', 'dist/backend.mjs', { API_PORT: apiPort, HOST: host, STOREFRONT_URL: `http://${host}:${port}` }, /listening/);
}
await start('storefront', 'dist/server.mjs', { PORT: port, HOST: host, API_URL: externalApi ?? `http://${host}:${apiPort}` }, /listening/);
console.log(`\n  Open http://${host}:${port}/ (Ctrl-C stops both servers)\n`);
