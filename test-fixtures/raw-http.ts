import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** An answer as it came off the wire (tests). */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** the body, decoded from its content-encoding */
  body: string;
  /** the body as sent */
  raw: Buffer;
}

/**
 * Writes `request` to a plain socket to `baseUrl`'s host and port: nothing is normalised on the way, so '/api/../x'
 * and '%2e%2e' arrive as an attacker would send them (fetch and curl without --path-as-is tidy them up). Resolves with
 * everything the server sent until it closed the connection.
 */
export function exchange(baseUrl: string, request: string, encoding: BufferEncoding = 'utf8'): Promise<Buffer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const what = request.split('\r\n', 1)[0]?.slice(0, 80);
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no answer to ${what}`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    // write, not end: the server drops an answer it is still preparing once the client half-closes
    socket.write(request, encoding);
  });
}

/** An answer's status, head (latin1) and body as sent, past any interim answer (100 Continue); end < 0: no head. */
function split(answer: Buffer): { status: number; head: string; body: Buffer; end: number } {
  let all = answer;
  while (/^HTTP\/1\.1 1\d\d /.test(all.toString('latin1', 0, 13)) && all.includes('\r\n\r\n')) {
    all = all.subarray(all.indexOf('\r\n\r\n') + 4);
  }
  const end = all.indexOf('\r\n\r\n');
  const head = (end < 0 ? all : all.subarray(0, end)).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, head, body: end < 0 ? Buffer.alloc(0) : all.subarray(end + 4), end };
}

export function headAndBody(answer: Buffer): { status: number; head: string; body: string } {
  const { status, head, body } = split(answer);
  return { status, head, body: body.toString('latin1') };
}

/**
 * One HTTP/1.1 request's bytes exactly as given: the header lines in order (repeats kept), a Host of `baseUrl`'s first
 * unless they name one, and a Content-Length for a body.
 */
export function requestText(
  baseUrl: string,
  method: string,
  target: string,
  headers: Array<[string, string]>,
  body?: string,
) {
  const { hostname, port } = new URL(baseUrl);
  return [
    `${method} ${target} HTTP/1.1`,
    ...(headers.some(([k]) => k.toLowerCase() === 'host') ? [] : [`Host: ${hostname}:${port}`]),
    'Connection: close',
    ...headers.map(([k, v]) => `${k}: ${v}`),
    ...(body !== undefined ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
    '',
    body ?? '',
  ].join('\r\n');
}

/** Sends one request exactly as given; the answer decoded. */
export async function rawRequest(
  baseUrl: string,
  target: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { method = 'GET', headers = {}, body } = options;
  return parseAnswer(await exchange(baseUrl, requestText(baseUrl, method, target, Object.entries(headers), body)));
}

/** One GET with exactly these header lines (none, one Host or several), identity encoding asked for. */
export async function headerLinesRequest(baseUrl: string, target: string, lines: string[]) {
  const request = [`GET ${target} HTTP/1.1`, ...lines, 'Accept-Encoding: identity', 'Connection: close', '', '']
    .join('\r\n');
  return headAndBody(await exchange(baseUrl, request, 'latin1'));
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

function parseAnswer(all: Buffer): RawAnswer {
  const { status, head, body: sent, end } = split(all);
  if (end < 0) throw new Error(`not an HTTP answer: ${all.subarray(0, 80).toString()}`);
  const headers: Record<string, string> = {};
  for (const l of head.split('\r\n').slice(1)) {
    const c = l.indexOf(':');
    headers[l.slice(0, c).trim().toLowerCase()] = l.slice(c + 1).trim();
  }
  const raw = headers['transfer-encoding'] === 'chunked' ? dechunk(sent) : sent;
  const enc = headers['content-encoding'];
  // a HEAD answer or a 304 names the encoding of a body it does not carry
  const body = (raw.length === 0 ? raw : enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return { status, headers, body, raw };
}

/** JSON text's value, or undefined when it is empty or no JSON. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
