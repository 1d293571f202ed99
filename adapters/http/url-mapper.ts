import type { KyInstance } from 'ky';
import type { UrlMapHit, UrlMapRequest, UrlMapper } from '../../core/ports/url-mapper';
import { call } from './api-client';

/** UrlMapper over vue-storefront-api: POST /api/url/map answers the bare hit `{ _type, _source }` or null. */
export class HttpUrlMapper implements UrlMapper {
  constructor(private readonly client: KyInstance) {}

  async map(request: UrlMapRequest): Promise<UrlMapHit | null> {
    const path = 'api/url/map';
    const body = await call(async () => {
      const res = await this.client.post(path, { json: request });
      const text = await res.text();
      return text.trim() ? (JSON.parse(text) as unknown) : null;
    }, path);
    if (!body || typeof body !== 'object') return null;
    const hit = body as Partial<UrlMapHit> & { result?: unknown };
    // tolerate an enveloped answer ({ code, result }) from proxies in front of the API
    const bare = hit._type ? hit : (hit.result as Partial<UrlMapHit> | null | undefined);
    if (!bare || !bare._type || !bare._source) return null;
    return { _type: bare._type, _source: bare._source };
  }
}
