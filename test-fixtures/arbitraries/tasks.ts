/**
 * fast-check generators of queue histories and an in-memory idempotent task server for the queue's properties.
 * The server applies a request the moment it arrives and may then lose the answer (the shopper's connection drops):
 * a repeated Idempotency-Key gets the first answer and is not applied again, as the demo backend does.
 */
import fc from 'fast-check';
import type { TaskTransport, TransportRequest, TransportResponse } from '../../core/ports/task-transport';
import { NetworkError } from '../../core/ports/api-error';
import type { Scheduler } from '../../core/ports/scheduler';

type QueueCommand =
  | { kind: 'enqueue'; count: number }
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'restart' }
  | { kind: 'wait'; ms: number };

const queueCommandArb: fc.Arbitrary<QueueCommand> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }).map((count) => ({ kind: 'enqueue' as const, count })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'online' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 400 }).map((ms) => ({ kind: 'wait' as const, ms })) },
);

export const queueHistoryArb = fc.record({
  commands: fc.array(queueCommandArb, { minLength: 1, maxLength: 30 }),
  /** per request: does the answer get lost after the server applied it? */
  lostAnswers: fc.array(fc.boolean(), { maxLength: 40 }),
  /** per request: latency in ms */
  latencies: fc.array(fc.integer({ min: 0, max: 250 }), { maxLength: 40 }),
});

export class IdempotentTaskServer implements TaskTransport {
  /** payload bodies in the order they were applied */
  readonly applied: unknown[] = [];
  readonly requests: TransportRequest[] = [];
  private readonly answers = new Map<string, TransportResponse>();
  private n = 0;
  online = true;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly lostAnswers: readonly boolean[] = [],
    private readonly latencies: readonly number[] = [],
  ) {}

  async send(request: TransportRequest): Promise<TransportResponse> {
    const i = this.n++;
    if (!this.online) throw new NetworkError('offline', request.url);
    this.requests.push(request);
    const key = request.headers['Idempotency-Key'];
    let answer = key ? this.answers.get(key) : undefined;
    if (!answer) {
      this.applied.push(request.body);
      answer = { status: 200, contentType: 'application/json; charset=utf-8', body: { code: 200, result: { applied: this.applied.length } } };
      if (key) this.answers.set(key, answer);
    }
    await this.scheduler.sleep(this.latencies[i % Math.max(1, this.latencies.length)] ?? 0);
    if (this.lostAnswers[i] || !this.online) throw new NetworkError('answer lost', request.url);
    return answer;
  }
}
