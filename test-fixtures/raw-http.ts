import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer as it came off the wire (tests). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** the body, decoded from its content-encoding */
  body: string;
  /** the body as sent */
  raw: Buffer;
}

/**
 * Sends one HTTP/1.1 request exactly as given, over a plain socket: the request target is not normalised, so
 * '/api/../x' and '%2e%2e' arrive as an attacker would send them (fetch and curl without --path-as-is tidy them up).
 */
export function rawRequest(
  baseUrl: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const head = [
    `${options.method ?? 'GET'} ${target} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    ...Object.entries(options.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...(options.body !== undefined ? [`Content-Length: ${Buffer.byteLength(options.body)}`] : []),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no answer to ${target.slice(0, 80)}`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (e) {
        reject(e);
      }
    });
    socket.write(`${head}\r\n\r\n${options.body ?? ''}`);
  });
}

/**
 * One GET with exactly these header lines (none, one Host or several: rawRequest always sends a Host of its own first),
 * over a plain socket; the head and the body as they came (identity encoding asked for).
 */
export function headerLinesRequest(baseUrl: string, target: string, lines: string[]): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const head = text.split('\r\n\r\n', 1)[0]!;
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: text.slice(head.length + 4) });
    });
    // write, not end: the server drops an answer it is still preparing once the client half-closes
    socket.write([`GET ${target} HTTP/1.1`, ...lines, 'Accept-Encoding: identity', 'Connection: close', '', ''].join('\r\n'), 'latin1');
  });
}

function dechunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', i);
    if (eol < 0) break;
    const size = parseInt(body.subarray(i, eol).toString(), 16);
    if (!size) break;
    out.push(body.subarray(eol + 2, eol + 2 + size));
    i = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

export function parseAnswer(all: Buffer): RawAnswer {
  const end = all.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`not an HTTP answer: ${all.subarray(0, 80).toString()}`);
  const [statusLine, ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]);
  // an interim answer (100 Continue to `Expect: 100-continue`) precedes the real one
  if (status >= 100 && status < 200 && all.length > end + 4) return parseAnswer(all.subarray(end + 4));
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const c = l.indexOf(':');
    headers[l.slice(0, c).trim().toLowerCase()] = l.slice(c + 1).trim();
  }
  let raw = all.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') raw = dechunk(raw);
  const enc = headers['content-encoding'];
  // a HEAD answer or a 304 names the encoding of a body it does not carry
  const body = (raw.length === 0 ? raw : enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return { status, headers, body, raw };
}
