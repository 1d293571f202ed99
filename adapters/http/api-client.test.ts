import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../core/ports/api-error';
import { createApiClient, envelope, jsonOrText, result } from './api-client';
import { HttpFeedbackApi } from './ext-apis';
import { HttpTaskTransport } from './task-transport';

// Hostile answers of the API to the HTTP adapters, from a real server on loopback: prototype keys, deep and huge
// bodies, no JSON under a JSON content type, an empty body, a byte order mark. Each is a clear ApiError or the text,
// and nothing reaches Object.prototype.

const DEEP = 100_000;
const deepJson = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
const HUGE = 20 * 1024 * 1024;

/** path -> [status, content type, body] */
const answers = new Map<string, [number, string, string | Buffer]>([
  ['/proto-error', [500, 'application/json', '{"__proto__":{"result":"polluted","polluted":true},"code":500}']],
  ['/proto-result', [400, 'application/json', '{"code":400,"result":{"__proto__":{"polluted":true}}}']],
  ['/proto-ok', [200, 'application/json', '{"code":200,"result":{"__proto__":{"polluted":true},"a":1}}']],
  ['/proto-code', [200, 'application/json', '{"__proto__":{"code":200},"result":1}']],
  ['/deep-error', [400, 'application/json', deepJson]],
  ['/deep-result-error', [400, 'application/json', `{"code":400,"result":${deepJson}}`]],
  ['/huge-error', [500, 'text/html', Buffer.alloc(HUGE, 'x')]],
  ['/garbage-ok', [200, 'application/json; charset=utf-8', '<html>Bad gateway</html>']],
  ['/garbage-error', [502, 'application/json', '<html>Bad gateway</html>']],
  ['/empty-ok', [200, 'application/json', '']],
  ['/empty-error', [503, 'application/json', '']],
  ['/bom-ok', [200, 'application/json', '\uFEFF{"code":200,"result":"met BOM"}']],
  ['/bom-error', [400, 'application/json', '\uFEFF{"code":400,"result":"met BOM"}']],
  ['/feedback-bom', [200, 'application/json', JSON.stringify({ code: 200, result: '\uFEFF{"reviews":[1]}' })]],
]);

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url === '/api/ext/feedback-company/getFeedbackReview' ? '/feedback-bom' : req.url!;
    const [status, type, body] = answers.get(path) ?? [404, 'text/plain', 'no such probe'];
    res.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = () => createApiClient({ baseUrl: base, timeoutMs: 10_000 });
const failure = (path: string) => envelope(client(), path).then(() => undefined, (e: unknown) => e);
const unpolluted = () => {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(({} as Record<string, unknown>)['result']).toBeUndefined();
  expect(({} as Record<string, unknown>)['code']).toBeUndefined();
};

describe('jsonOrText', () => {
  it('parses JSON, else answers the text', () => {
    expect(jsonOrText('{"a":1}')).toEqual({ a: 1 });
    expect(jsonOrText('not json')).toBe('not json');
    expect(jsonOrText('')).toBe('');
    expect(jsonOrText('{"a":')).toBe('{"a":');
  });

  it('a `__proto__` key stays a key of the value: no prototype is set or polluted', () => {
    const value = jsonOrText('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(value['polluted']).toBeUndefined();
    unpolluted();
  });

  it('reads past a byte order mark', () => {
    expect(jsonOrText('\uFEFF{"a":1}')).toEqual({ a: 1 });
  });

  it('JSON nested too deep to be written back (JSON.stringify overflows) is answered as its text', () => {
    expect(jsonOrText(deepJson)).toBe(deepJson);
    expect(jsonOrText(`{"result":${deepJson}}`)).toBe(`{"result":${deepJson}}`);
    const fine = `${'['.repeat(500)}${']'.repeat(500)}`;
    expect(jsonOrText(fine)).toEqual(JSON.parse(fine));
  });
});

describe('an API answer the envelope cannot use is a clear ApiError', () => {
  it('`__proto__` in an error body is data: no `result` of its own, the body is the result; no pollution', async () => {
    const e = await failure('proto-error');
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(500);
    // the body has no own `result`: the whole body is the result
    expect((e as ApiError).result).toEqual(JSON.parse(answers.get('/proto-error')![2] as string));
    expect(((await failure('proto-result')) as ApiError).result).toEqual(JSON.parse('{"__proto__":{"polluted":true}}'));
    unpolluted();
  });

  it('`__proto__` in a 200: the result is data; a `code` only under `__proto__` is no envelope', async () => {
    const value = await result<Record<string, unknown>>(client(), 'proto-ok');
    expect(value['a']).toBe(1);
    expect(value['polluted']).toBeUndefined();
    const e = await failure('proto-code');
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(502);
    unpolluted();
  });

  it('deep JSON in an error body is an ApiError carrying the text, not a RangeError', async () => {
    for (const path of ['deep-error', 'deep-result-error']) {
      const e = await failure(path);
      expect(e, path).toBeInstanceOf(ApiError);
      expect((e as ApiError).status, path).toBe(400);
      expect(typeof (e as ApiError).result, path).toBe('string');
    }
  });

  it('a 20 MB error body is an ApiError whose result and message are cut short', async () => {
    const e = await failure('huge-error');
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(500);
    expect(String((e as ApiError).result).length).toBeLessThanOrEqual(64 * 1024 + 1);
    expect((e as ApiError).message.length).toBeLessThan(70 * 1024);
  });

  it('no JSON under a JSON content type: a 200 is an ApiError 502, not a SyntaxError; an error its text', async () => {
    const ok = await failure('garbage-ok');
    expect(ok).toBeInstanceOf(ApiError);
    expect((ok as ApiError).status).toBe(502);
    const bad = await failure('garbage-error');
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).status).toBe(502);
    expect((bad as ApiError).result).toBe('<html>Bad gateway</html>');
  });

  it('an empty body: a 200 is an ApiError 502, an error its status with an empty result', async () => {
    const ok = await failure('empty-ok');
    expect(ok).toBeInstanceOf(ApiError);
    expect((ok as ApiError).status).toBe(502);
    const down = await failure('empty-error');
    expect(down).toBeInstanceOf(ApiError);
    expect((down as ApiError).status).toBe(503);
  });

  it('a byte order mark before the JSON is read past, in a 200 and in an error', async () => {
    expect(await result(client(), 'bom-ok')).toBe('met BOM');
    const e = await failure('bom-error');
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).result).toBe('met BOM');
  });

  it("the feedback API's JSON-in-a-string result with a byte order mark is parsed", async () => {
    expect(await new HttpFeedbackApi(client()).getFeedbackReview()).toEqual({ reviews: [1] });
  });
});

describe('the task transport (queued calls) with the same answers', () => {
  const send = (path: string) => new HttpTaskTransport({ baseUrl: base, timeoutMs: 10_000 })
    .send({ url: path, method: 'GET', headers: {} });

  it('never throws for a body: JSON is parsed, anything else (deep, garbage, empty) is the text', async () => {
    expect((await send('/proto-ok')).body).toEqual(JSON.parse(answers.get('/proto-ok')![2] as string));
    expect((await send('/garbage-ok')).body).toBe('<html>Bad gateway</html>');
    expect((await send('/empty-ok')).body).toBe('');
    expect((await send('/deep-error')).body).toBe(deepJson);
    expect((await send('/bom-ok')).body).toEqual({ code: 200, result: 'met BOM' });
    unpolluted();
  });
});
