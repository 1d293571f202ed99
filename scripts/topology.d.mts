// Types of scripts/topology.mjs for the TypeScript test that imports it.
import type { ChildProcess } from 'node:child_process';

export interface Server {
  name: string;
  child: ChildProcess;
  /** the exit code, or the signal that ended it */
  exited: Promise<number | string | null>;
  started: Promise<void>;
  /** what it printed (stdout and stderr) */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export interface Storefront extends Server {
  port: number;
  url: string;
}

export interface Topology {
  /** nginx, the load balancer */
  url: string;
  apiUrl: string;
  redisUrl: string;
  invalidateKey: string;
  dir: string;
  conf: string;
  accessLog: string;
  storefronts: Storefront[];
  nginx: Server;
  backend: Server;
  redis: Server;
  stop(): Promise<void>;
}

export function nginxConfig(options: { dir: string; port: number; upstreams: string[] }): string;
export function startTopology(options?: { storefronts?: number; apiUrlOf?: (index: number, apiUrl: string) => string; quiet?: boolean }): Promise<Topology>;
