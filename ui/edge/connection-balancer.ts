import { Socket } from 'node:net';
import type { Server } from 'node:http';

/**
 * Issue 8, sixth pass: the cluster's primary owns the listening socket and hands every connection it accepts to the
 * worker holding the fewest open connections. A keep-alive connection stays with the worker that got it, both workers
 * are CPU-bound, so a request waits about (its worker's connections) x (time per render): with the workers accepting
 * from a shared socket themselves the split of 50 connections was anything from 24/26 to 7/43 (48/2 once), and the
 * heavier worker's latency set the p99. Here one process counts: +1 when it hands a connection over, -1 when the
 * worker tells it the connection closed, so it never races itself (two workers handing connections to each other,
 * each seeing the other's count late, did: fifth pass). It decides without waiting for a worker to take the previous
 * connection (node's round robin hands a worker its next connection only once it took the last, and a worker busy
 * rendering took a few a second); node's IPC still delivers a worker's handles one after the other. The primary keeps
 * its copy of a connection until the worker reports it taken: a worker that dies first leaves none stranded, they go
 * to another worker with their requests still unread.
 */

/** primary -> worker: a connection (the message's handle) for the worker's HTTP server */
export const CONNECTION = 'storefront:connection';
/** worker -> primary: of the connections it was handed, `taken` more reached its HTTP server and `closed` more closed */
export const CONNECTIONS_REPORT = 'storefront:connections';
/** worker -> primary: the worker's storefront is up and takes connections */
export const WORKER_READY = 'storefront:ready';

/**
 * The worker a new connection goes to: the one with the fewest open connections; among equals the first after
 * `last` (the one chosen before), so connections that come and go one at a time alternate.
 */
export function fewestConnections(open: readonly number[], last: number): number {
  let best = -1;
  for (let k = 1; k <= open.length; k++) {
    const i = (((last + k) % open.length) + open.length) % open.length;
    if (best < 0 || open[i]! < open[best]!) best = i;
  }
  return best;
}

/**
 * a worker as the balancer sees it: `send` passes a copy of the socket (a cluster worker:
 * `worker.send(message, socket, { keepOpen: true }, callback)`); the balancer closes its own copy once the worker
 * reports the connection taken
 */
export interface ConnectionTaker {
  readonly id: number;
  send(message: { kind: string; at: number }, socket: Socket, callback: (error: Error | null) => void): unknown;
}

/** when the primary accepted each connection (ms since the epoch: one clock for every process of the machine) */
const accepted = new WeakMap<Socket, number>();
const acceptedAt = (socket: Socket) => accepted.get(socket) ?? Date.now();

interface Slot {
  taker: ConnectionTaker;
  /** handed and not yet reported closed */
  open: number;
  /** handed and not yet reported taken, in the order sent (node's IPC delivers a channel's handles in order) */
  inFlight: Socket[];
}

/**
 * connections held at most while no worker is ready (every worker restarting at once, each warming up for a few
 * seconds): past it a new connection is closed at once, as a full listen backlog would refuse it, rather than kept open
 * for as long as it takes
 */
export const MAX_HELD_CONNECTIONS = 1024;

export class ConnectionBalancer {
  private readonly slots: Slot[] = [];
  private last = -1;
  /** accepted while no worker was ready (at start, or every worker restarting): handed over as soon as one is */
  private readonly held: Socket[] = [];

  constructor(private readonly maxHeld = MAX_HELD_CONNECTIONS) {}

  /** a worker ready to take connections */
  add(taker: ConnectionTaker): void {
    if (this.slots.some((s) => s.taker.id === taker.id)) return;
    this.slots.push({ taker, open: 0, inFlight: [] });
    for (const socket of this.held.splice(0)) this.hand(socket);
  }

  /**
   * a worker gone: no more connections for it. `exited`: it died, so the connections it had not yet taken (this
   * process still holds them, paused, their requests unread) go to the others; else (it is stopping) they are its own.
   */
  remove(id: number, exited = true): void {
    const i = this.slots.findIndex((s) => s.taker.id === id);
    if (i < 0) return;
    const [slot] = this.slots.splice(i, 1);
    if (this.last >= i) this.last--;
    // a stopping worker still takes what was sent to it (node's IPC delivers it); this process's copies close with it
    if (exited) for (const socket of slot!.inFlight.splice(0)) if (!socket.destroyed) this.hand(socket);
  }

  /** the worker reported `taken` connections taken (this process's copies are closed) and `closed` closed */
  report(id: number, taken: number, closed: number): void {
    const slot = this.slots.find((s) => s.taker.id === id);
    if (!slot) return;
    for (const socket of slot.inFlight.splice(0, taken)) socket.destroy();
    slot.open = Math.max(0, slot.open - closed);
  }

  /** a connection the primary accepted (paused: not a byte read): to the worker with the fewest open */
  hand(socket: Socket): void {
    accepted.set(socket, accepted.get(socket) ?? Date.now());
    if (this.slots.length === 0) {
      if (this.held.length >= this.maxHeld) {
        socket.destroy();
        return;
      }
      this.held.push(socket);
      socket.once('close', () => {
        const at = this.held.indexOf(socket);
        if (at >= 0) this.held.splice(at, 1);
      });
      return;
    }
    const i = fewestConnections(
      this.slots.map((s) => s.open),
      this.last,
    );
    const slot = this.slots[i]!;
    this.last = i;
    slot.open++;
    slot.inFlight.push(socket);
    const failed = () => {
      // not sent (the worker's channel closed): back from that worker, to another
      const at = slot.inFlight.indexOf(socket);
      if (at < 0) return;
      slot.inFlight.splice(at, 1);
      slot.open = Math.max(0, slot.open - 1);
      if (this.slots.includes(slot)) this.remove(slot.taker.id);
      if (!socket.destroyed) this.hand(socket);
    };
    try {
      // `at`: when it was accepted, the arrival time of its first request (RenderGate's order)
      slot.taker.send({ kind: CONNECTION, at: acceptedAt(socket) }, socket, (error) => {
        if (error) failed();
      });
    } catch {
      failed();
    }
  }

  /** open connections per worker id (diagnostics and tests) */
  counts(): Record<number, number> {
    return Object.fromEntries(this.slots.map((s) => [s.taker.id, s.open]));
  }

  /** connections handed to each worker and not yet reported taken (tests) */
  inFlight(): Record<number, number> {
    return Object.fromEntries(this.slots.map((s) => [s.taker.id, s.inFlight.length]));
  }

  /** closes the connections waiting for a worker (shutting down) */
  dropWaiting(): void {
    for (const socket of this.held.splice(0)) socket.destroy();
  }

  /** connections waiting for a worker to be ready */
  waiting(): number {
    return this.held.length;
  }
}

/**
 * Worker side: takes the connections the primary hands over (`take`, e.g. takeConnection into the HTTP server), and
 * reports, once per event-loop turn at most, how many it took and how many of them closed since the last report.
 */
export function takeHandedConnections(
  take: (socket: Socket, acceptedAt: number) => void,
  channel: Pick<NodeJS.Process, 'on' | 'send' | 'connected'> = process,
): { open(): number } {
  let open = 0;
  let taken = 0;
  let closed = 0;
  let scheduled = false;
  const report = () => {
    scheduled = false;
    if (channel.connected) channel.send?.({ kind: CONNECTIONS_REPORT, taken, closed });
    taken = 0;
    closed = 0;
  };
  const later = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(report);
  };
  channel.on('message', (message: { kind?: string; at?: unknown } | undefined, socket?: unknown) => {
    if (message?.kind !== CONNECTION || !(socket instanceof Socket)) return;
    open++;
    taken++;
    socket.once('close', () => {
      open--;
      closed++;
      later();
    });
    take(socket, typeof message.at === 'number' ? message.at : Date.now());
    later();
  });
  return { open: () => open };
}

/**
 * A connection accepted by another process (the cluster's primary) served as if `server` had accepted it: net.Server's
 * own bookkeeping for an accepted socket (its count of connections, which close() waits for, and the socket's server,
 * which takes it off that count when it closes: the same two fields node's net.Server sets in its onconnection), then
 * the server's 'connection', where node's HTTP server attaches its parser and its list of connections (idle ones are
 * closed on close(), request and headers timeouts apply; the server must be listening, e.g. privately, for those).
 */
export function takeConnection(server: Server, socket: Socket): void {
  const counted = server as unknown as { _connections?: number };
  if (typeof counted._connections === 'number') {
    counted._connections++;
    Object.assign(socket, { server, _server: server });
  }
  server.emit('connection', socket);
}
