// The production shape of docs/deploy.md on one machine: Debian's nginx (`least_conn`, passive health) in front of
// two storefront processes on their own ports that share one redis-server, in front of the demo backend. Every
// server binds 127.0.0.1 on a port picked here; nginx runs as the current user from a config written to a temp dir.
// `node scripts/topology.mjs` installs what is missing (apt-get), builds, starts it all and prints the URLs (Ctrl-C
// stops it); scripts/topology.test.ts starts it through `startTopology()`. Everything started here stops with
// `stop()`, and with this process. start.mjs, e2e-servers.mjs and test.mjs use its `serve` and `freePort` too.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** Debian puts nginx in /usr/sbin, which is not on every user's PATH */
const NGINX = process.env.NGINX ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

/** Processes started by any topology of this process: stopped when it exits, whatever else happens. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Spawns a server (stopped when this process exits); `started` resolves once its output matches `ready` and rejects
 * when it exits first. The last 10 KB of its output are kept (`output()`) for the error message.
 */
export function launch(name, command, args, { env = process.env, ready }) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    running.delete(child);
    resolve(code ?? signal);
  }));
  const started = new Promise((resolve, reject) => {
    const seen = (d) => {
      out = (out + d).slice(-10_000);
      if (ready.test(out)) resolve();
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('error', (e) => reject(new Error(`${name} could not run (${command}): ${e.message}`)));
    void exited.then((code) => reject(new Error(`${name} exited (${code}) before it was ready:\n${out.slice(-4000)}`)));
  });
  const stop = (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { name, child, exited, started, output: () => out, stop };
}

/** `node ...args` (a built server) with its output passed on to `stdout` and stderr; this process ends when it does. */
export async function serve(name, args, env, stdout = process.stdout) {
  const server = launch(name, process.execPath, args, { env, ready: /listening/ });
  server.child.stdout.pipe(stdout);
  server.child.stderr.pipe(process.stderr);
  void server.exited.then((code) => process.exit(code === 0 ? 0 : 1));
  await server.started;
}

/** nginx's temp folders, inside the topology's dir */
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/**
 * nginx's config: the `http` block is the one docs/deploy.md shows; around it, what running as the current user from
 * a temp dir needs (pid, logs and temp files inside `dir`, in the foreground).
 */
export function nginxConfig({ dir, port, upstreams }) {
  const asRoot = process.getuid?.() === 0;
  return `# written by scripts/topology.mjs
daemon off;
# root starts workers as nobody unless told otherwise; anyone else runs them as themselves
${asRoot ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr notice;
events { worker_connections 1024; }

http {
${TEMP_PATHS.map((d) => `  ${d}_temp_path ${dir}/${d};`).join('\n')}
  # which storefront answered, and what each one tried answered ("503, 200": the first one's 503 was retried)
  log_format upstreams '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status time=$request_time';
  access_log ${dir}/access.log upstreams;

  upstream storefront {
    least_conn;
    # passive health: 2 failed answers (an error, a timeout or a 503, as proxy_next_upstream says) within 5 s take a
    # storefront out of rotation for 5 s, then it is tried again
${upstreams.map((u) => `    server ${u} max_fails=2 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${port};
    # Prometheus scrapes each storefront on its own port, never through the shop's front door
    location = /metrics {
      return 404;
    }
    location / {
      proxy_pass http://storefront;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # the edge: the shopper is the connection's address; what a client sent as X-Forwarded-For is replaced
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # a storefront that refuses, times out or answers 503 (not ready, overloaded): the request goes to the next one
      # (each storefront in turn; a POST that reached a storefront is never sent to another)
      proxy_next_upstream error timeout http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

/**
 * Starts the topology. `storefronts`: how many (2); `apiUrlOf(index, apiUrl)`: the API URL storefront `index` is given
 * (default the backend's; a test puts a relay it can cut in between). Resolves once every server is ready.
 */
export async function startTopology({ storefronts = 2, apiUrlOf = (_i, url) => url, quiet = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-topology-'));
  const started = [];
  const stop = async () => {
    // the load balancer first, then the storefronts, then what they use
    const order = ['nginx', 'storefront', 'backend', 'redis'];
    for (const kind of order) await Promise.all(started.filter((s) => s.name.startsWith(kind)).map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  const begin = (...a) => {
    const s = launch(...a);
    started.push(s);
    if (!quiet) s.child.stdout.on('data', (d) => process.stdout.write(`[${s.name}] ${d}`));
    return s;
  };
  try {
    for (const f of ['dist/server.mjs', 'dist/backend.mjs']) {
      if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run \`node scripts/build.mjs\` first`);
    }
    const [lbPort, apiPort, redisPort, ...shopPorts] = await Promise.all(Array.from({ length: 3 + storefronts }, freePort));
    const url = `http://127.0.0.1:${lbPort}`;
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const invalidateKey = randomBytes(16).toString('hex');

    const redis = begin('redis', 'redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      ready: /Ready to accept connections/i,
    });
    const backend = begin('backend', process.execPath, ['dist/backend.mjs', '--reset'], {
      // the storefronts (127.0.0.1) name the shopper in X-Forwarded-For
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', API_PORT: String(apiPort), DATA_DIR: join(dir, 'backend'), STOREFRONT_URL: url, TRUSTED_PROXIES: '127.0.0.1' },
      ready: /backend listening/,
    });
    // the backend and Redis first: a storefront warms up (renders pages) before it listens
    await Promise.all([redis.started, backend.started]);
    const shops = shopPorts.map((port, i) => {
      const s = begin(`storefront ${'ABCDEFGH'[i] ?? i}`, process.execPath, ['dist/server.mjs'], {
        env: {
          ...process.env,
          // as in production, whatever the test runner set
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          WEB_CONCURRENCY: '1',
          API_URL: apiUrlOf(i, apiUrl),
          REDIS_URL: redisUrl,
          INVALIDATE_KEY: invalidateKey,
          // nginx, on this machine: its X-Forwarded-For names the shopper
          TRUSTED_PROXIES: '127.0.0.1',
          // one public origin for all: without it each storefront's Host would key pages of its own
          PUBLIC_URL: url,
        },
        ready: /storefront listening/,
      });
      return { ...s, port, url: `http://127.0.0.1:${port}` };
    });
    await Promise.all(shops.map((s) => s.started));

    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig({ dir, port: lbPort, upstreams: shops.map((s) => `127.0.0.1:${s.port}`) }));
    for (const d of TEMP_PATHS) mkdirSync(join(dir, d), { recursive: true });
    // `-e stderr`: nginx opens its error log before it reads the config (/var/log/nginx is root's)
    // a worker is started once the listening socket is open: from then on connections wait in its backlog
    const nginx = begin('nginx', NGINX, ['-p', `${dir}/`, '-c', conf, '-e', 'stderr'], { ready: /start worker process/ });
    await nginx.started;

    return { url, apiUrl, redisUrl, invalidateKey, dir, conf, accessLog: join(dir, 'access.log'), storefronts: shops, nginx, backend, redis, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensureDebianPackages, ensureNodeModules } = await import('./ensure-deps.mjs');
  ensureNodeModules();
  ensureDebianPackages('redis-server', 'nginx');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
  const t = await startTopology({ quiet: false });
  console.log(`\n  nginx ${t.url} (least_conn) → ${t.storefronts.map((s) => s.url).join(', ')} → backend ${t.apiUrl}; Redis ${t.redisUrl}`);
  console.log(`  config ${t.conf}, access log ${t.accessLog}, INVALIDATE_KEY=${t.invalidateKey}\n  Ctrl-C stops everything\n`);
  let stopping = false;
  const end = (code) => {
    if (stopping) return;
    stopping = true;
    void t.stop().then(() => process.exit(code));
  };
  process.on('SIGINT', () => end(0));
  process.on('SIGTERM', () => end(0));
  // a server that dies on its own stops the rest
  for (const s of [t.nginx, t.backend, t.redis, ...t.storefronts]) {
    void s.exited.then((code) => {
      if (!stopping) console.error(`${s.name} exited (${code}); stopping`);
      end(1);
    });
  }
}
