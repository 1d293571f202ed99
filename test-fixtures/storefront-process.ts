import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The built storefront (dist/server.mjs) as a child process, as `npm start` runs it (tests of the server process). */
export interface ShopProcess {
  child: ChildProcess;
  url: string;
  output: string[];
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

const root = new URL('..', import.meta.url).pathname;
export const SERVER = join(root, 'dist/server.mjs');

/** A port free on 127.0.0.1 right now (the OS picks it): for the servers and processes tests and benchmarks start. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command` and resolves once its stdout matches `ready` (rejects when it exits, fails to run or takes longer
 * than `timeoutMs`); `output` collects stdout and stderr.
 */
export async function spawnReady(
  command: string,
  args: string[],
  options: SpawnOptions,
  ready: RegExp,
  timeoutMs: number,
) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start: ${output.join('')}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      output.push(String(d));
      if (ready.test(output.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => output.push(String(d)));
    child.on('error', (e) => reject(new Error(`${command} could not run: ${e.message}`)));
    child.on('exit', (code) => reject(new Error(`${command} exited with ${code}: ${output.join('')}`)));
  });
  return { child, output, exited };
}

/** Spawns dist/server.mjs with the environment given, without the test runner's NODE_ENV (the launcher sets it). */
export async function startShopProcess(env: Record<string, string>): Promise<ShopProcess> {
  if (!existsSync(SERVER)) throw new Error('dist/server.mjs is missing: run `node scripts/build.mjs` first');
  const port = await freePort();
  const { NODE_ENV: _testEnv, ...parent } = process.env;
  const options = { cwd: root, env: { ...parent, HOST: '127.0.0.1', PORT: String(port), ...env } };
  const ready = /storefront listening/;
  const { child, output, exited } = await spawnReady(process.execPath, [SERVER], options, ready, 45_000);
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
