import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fork, type ChildProcess } from 'node:child_process';
import { connect, createServer, Socket, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { EventEmitter } from 'node:events';
import { CONNECTION, CONNECTIONS_REPORT, ConnectionBalancer, fewestConnections, takeHandedConnections, WORKER_READY, type ConnectionTaker } from './connection-balancer';

describe('fewestConnections', () => {
  it('picks the worker with the fewest open connections', () => {
    expect(fewestConnections([3, 1, 2], -1)).toBe(1);
    expect(fewestConnections([0, 5], 0)).toBe(0);
    expect(fewestConnections([7], 0)).toBe(0);
  });

  it('among equals, the first after the one chosen before (connections one at a time alternate)', () => {
    expect(fewestConnections([1, 1, 1], -1)).toBe(0);
    expect(fewestConnections([1, 1, 1], 0)).toBe(1);
    expect(fewestConnections([1, 1, 1], 2)).toBe(0);
    expect(fewestConnections([2, 1, 1], 1)).toBe(2);
    expect(fewestConnections([2, 1, 1], 2)).toBe(1);
  });
});

/** a worker that records what it is sent */
function recorder(id: number, fail = false) {
  const got: Socket[] = [];
  const messages: Array<{ kind: string; at: number }> = [];
  const taker: ConnectionTaker = {
    id,
    send(message, socket, callback) {
      messages.push(message);
      if (fail) {
        setImmediate(() => callback(new Error('channel closed')));
        return false;
      }
      got.push(socket);
      setImmediate(() => callback(null));
      return true;
    },
  };
  return { taker, got, messages };
}

describe('ConnectionBalancer', () => {
  it('hands connections to the worker with the fewest open, without waiting for the previous to be taken', () => {
    const b = new ConnectionBalancer();
    const [w1, w2] = [recorder(1), recorder(2)];
    b.add(w1.taker);
    b.add(w2.taker);
    const before = Date.now();
    for (let i = 0; i < 9; i++) b.hand(new Socket());
    // each with the time it was accepted (the arrival of its first request)
    expect(w1.messages.every((m) => m.kind === 'storefront:connection' && m.at >= before && m.at <= Date.now())).toBe(true);
    // all handed in one go (the takers' callbacks have not run yet)
    expect([w1.got.length, w2.got.length]).toEqual([5, 4]);
    expect(b.counts()).toEqual({ 1: 5, 2: 4 });
    // connections closed on worker 1: the next ones go there until the counts are even again
    b.report(1, 5, 3);
    for (let i = 0; i < 2; i++) b.hand(new Socket());
    expect(b.counts()).toEqual({ 1: 4, 2: 4 });
    expect([w1.got.length, w2.got.length]).toEqual([7, 4]);
  });

  it("keeps its copy of a connection until the worker reports it taken; a dead worker's untaken ones go to another", () => {
    const b = new ConnectionBalancer();
    const [w1, w2] = [recorder(1), recorder(2)];
    b.add(w1.taker);
    b.add(w2.taker);
    for (let i = 0; i < 6; i++) b.hand(new Socket());
    expect(b.inFlight()).toEqual({ 1: 3, 2: 3 });
    // worker 1 took two: this process's copies of those two are closed, the third is still held
    b.report(1, 2, 0);
    expect(w1.got.slice(0, 2).every((s) => s.destroyed)).toBe(true);
    expect(w1.got[2]!.destroyed).toBe(false);
    // worker 1 dies before taking the third: it goes to worker 2, not closed
    b.remove(1, true);
    expect(w2.got).toContain(w1.got[2]);
    expect(w1.got[2]!.destroyed).toBe(false);
    expect(b.counts()).toEqual({ 2: 4 });
    // a worker that stops (not dead) keeps what was sent to it
    b.remove(2, false);
    expect(w2.got.every((s) => !s.destroyed)).toBe(true);
    expect(b.waiting()).toBe(0);
  });

  it('holds connections until a worker is ready, and forgets a worker that is gone', () => {
    const b = new ConnectionBalancer();
    b.hand(new Socket());
    b.hand(new Socket());
    expect(b.waiting()).toBe(2);
    const [w1, w2] = [recorder(1), recorder(2)];
    b.add(w1.taker);
    expect(b.waiting()).toBe(0);
    expect(w1.got.length).toBe(2);
    b.add(w2.taker);
    b.report(1, 2, 0);
    b.remove(1);
    for (let i = 0; i < 3; i++) b.hand(new Socket());
    expect(w2.got.length).toBe(3);
    expect(b.counts()).toEqual({ 2: 3 });
    b.remove(2, false);
    b.hand(new Socket());
    expect(b.waiting()).toBe(1);
    b.dropWaiting();
    expect(b.waiting()).toBe(0);
  });

  it('holds at most maxHeld connections while no worker is ready: past it a connection is closed at once, not kept', () => {
    const b = new ConnectionBalancer(3);
    const sockets = Array.from({ length: 5 }, () => new Socket());
    for (const s of sockets) b.hand(s);
    expect(b.waiting()).toBe(3);
    expect(sockets.map((s) => s.destroyed)).toEqual([false, false, false, true, true]);
    const w = recorder(1);
    b.add(w.taker);
    expect(w.got).toEqual(sockets.slice(0, 3));
    b.dropWaiting();
  });

  it('a connection that could not be sent to a worker goes to another, and that worker gets no more', async () => {
    const b = new ConnectionBalancer();
    const broken = recorder(1, true);
    const good = recorder(2);
    b.add(broken.taker);
    b.add(good.taker);
    const socket = new Socket();
    b.hand(socket);
    expect(b.counts()).toEqual({ 1: 1, 2: 0 });
    await new Promise((r) => setImmediate(r));
    expect(b.counts()).toEqual({ 2: 1 });
    expect(good.got).toEqual([socket]);
    expect(socket.destroyed).toBe(false);
  });
});

describe('takeHandedConnections (worker side)', () => {
  it("passes each socket on with the primary's accept time, and reports taken and closed once per turn", async () => {
    const channel = Object.assign(new EventEmitter(), { connected: true, sent: [] as unknown[] });
    const send = (m: unknown) => channel.sent.push(m) > 0;
    const taken: Array<[Socket, number]> = [];
    const handed = takeHandedConnections((socket, at) => taken.push([socket, at]), { on: channel.on.bind(channel) as never, send: send as never, connected: true });
    const [a, b] = [new Socket(), new Socket()];
    channel.emit('message', { kind: CONNECTION, at: 1234 }, a);
    channel.emit('message', { kind: CONNECTION, at: 1240 }, b);
    channel.emit('message', { kind: 'something else' }, new Socket());
    expect(taken).toEqual([
      [a, 1234],
      [b, 1240],
    ]);
    expect(handed.open()).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect(channel.sent).toEqual([{ kind: CONNECTIONS_REPORT, taken: 2, closed: 0 }]);
    a.destroy();
    await new Promise((r) => setTimeout(r, 10));
    expect(channel.sent.at(-1)).toEqual({ kind: CONNECTIONS_REPORT, taken: 0, closed: 1 });
    expect(handed.open()).toBe(1);
    b.destroy();
  });
});

// Integration: a primary (this process) hands real connections over node's IPC to two forked workers, each an HTTP
// server that takes them with takeHandedConnections/takeConnection and answers its pid.
const WORKER_SOURCE = `
import { createServer } from 'node:http';
import { takeConnection, takeHandedConnections, WORKER_READY } from './connection-balancer';
const server = createServer((req, res) => {
  const answer = () => res.end(String(process.pid));
  if (req.url === '/slow') setTimeout(answer, 400);
  else answer();
});
server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
  takeHandedConnections((socket) => takeConnection(server, socket));
  process.send({ kind: WORKER_READY });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface Primary {
  port: number;
  balancer: ConnectionBalancer;
  workers: ChildProcess[];
  server: Server;
  start(): Promise<ChildProcess>;
}

let dir: string;
let workerFile: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'balancer-test-'));
  workerFile = join(dir, 'worker.mjs');
  await build({ stdin: { contents: WORKER_SOURCE, resolveDir: __dirname, loader: 'ts' }, outfile: workerFile, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function primary(workers: number): Promise<Primary> {
  const balancer = new ConnectionBalancer();
  const server = createServer({ pauseOnConnect: true }, (socket) => balancer.hand(socket));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const p: Primary = {
    port: (server.address() as { port: number }).port,
    balancer,
    workers: [],
    server,
    start() {
      const child = fork(workerFile, [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      p.workers.push(child);
      child.on('exit', () => balancer.remove(child.pid!, true));
      return new Promise((resolve) => {
        child.on('message', (m: { kind?: string; taken?: number; closed?: number }) => {
          if (m?.kind === WORKER_READY) {
            balancer.add({ id: child.pid!, send: (message, socket, callback) => child.send(message, socket, { keepOpen: true }, callback) });
            resolve(child);
          } else if (m?.kind === CONNECTIONS_REPORT) balancer.report(child.pid!, m.taken ?? 0, m.closed ?? 0);
        });
      });
    },
  };
  for (let i = 0; i < workers; i++) await p.start();
  return p;
}

function stopPrimary(p: Primary) {
  for (const w of p.workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  // not awaited: node's net.Server, once it sent sockets to a child, answers close() only after asking each child it
  // sent to whether its sockets closed, and a child just killed may never answer (the server stops listening at once)
  p.server.close();
}

/** a primary with `workers` workers for `use`, stopped after it whatever happens */
async function withPrimary(workers: number, use: (p: Primary) => Promise<void>): Promise<void> {
  const p = await primary(workers);
  try {
    await use(p);
  } finally {
    stopPrimary(p);
  }
}

/** a keep-alive connection that asks `path` once; resolves with the answer's body (the worker's pid) and the socket */
function ask(port: number, path = '/'): Promise<{ socket: Socket; pid: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`));
    socket.on('data', (d: string) => {
      data += d;
      const head = data.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(data)?.[1];
      if (head >= 0 && length !== undefined && data.length >= head + 4 + Number(length)) {
        socket.removeAllListeners('data');
        resolve({ socket, pid: data.slice(head + 4, head + 4 + Number(length)) });
      }
    });
  });
}

const byPid = (answers: Array<{ pid: string }>) => {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.pid] = (out[a.pid] ?? 0) + 1;
  return out;
};

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`not reached: ${what}`);
}

describe('connections handed out by a primary (real sockets, forked workers)', () => {
  it('40 connections opened at once end 20/20 on two workers; closed ones are counted back and refilled', () =>
    withPrimary(2, async (p) => {
      const answers = await Promise.all(Array.from({ length: 40 }, () => ask(p.port)));
      const pids = p.workers.map((w) => String(w.pid));
      expect(byPid(answers)).toEqual({ [pids[0]!]: 20, [pids[1]!]: 20 });
      expect(Object.values(p.balancer.counts())).toEqual([20, 20]);
      // 10 of the first worker's connections close: the worker reports it, the next 10 all go to it
      const first = answers.filter((a) => a.pid === pids[0]).slice(0, 10);
      for (const a of first) a.socket.destroy();
      await until(() => p.balancer.counts()[p.workers[0]!.pid!] === 10, 'closed connections counted back');
      const more = await Promise.all(Array.from({ length: 10 }, () => ask(p.port)));
      expect(byPid(more)).toEqual({ [pids[0]!]: 10 });
      for (const a of [...answers, ...more]) a.socket.destroy();
      await until(() => Object.values(p.balancer.counts()).every((n) => n === 0), 'every close counted');
    }), 30_000);

  it('a worker that dies gets no more connections; one started again takes its share', () =>
    withPrimary(2, async (p) => {
      const [a, b] = p.workers;
      b!.kill('SIGKILL');
      await until(() => Object.keys(p.balancer.counts()).length === 1, 'the dead worker forgotten');
      const answers = await Promise.all(Array.from({ length: 6 }, () => ask(p.port)));
      expect(byPid(answers)).toEqual({ [String(a!.pid)]: 6 });
      const c = await p.start();
      const more = await Promise.all(Array.from({ length: 6 }, () => ask(p.port)));
      expect(byPid(more)).toEqual({ [String(c.pid)]: 6 });
      for (const x of [...answers, ...more]) x.socket.destroy();
    }), 30_000);

  it("SIGTERM on a worker: its server's close waits for the handed connection's request in flight", () =>
    withPrimary(1, async (p) => {
      const [w] = p.workers;
      const exited = new Promise<number | null>((r) => w!.on('exit', (code) => r(code)));
      const slow = ask(p.port, '/slow');
      await until(() => Object.values(p.balancer.counts())[0] === 1, 'the connection handed over');
      await new Promise((r) => setTimeout(r, 100));
      w!.kill('SIGTERM');
      const answer = await slow;
      expect(answer.pid).toBe(String(w!.pid));
      answer.socket.destroy();
      const code = await exited;
      expect(code).toBe(0);
    }), 30_000);
});
