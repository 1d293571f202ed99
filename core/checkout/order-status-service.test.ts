import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../ports/api-error';
import type { Logger } from '../ports/logger';
import type { PaymentApi } from '../ports/payment-api';
import { MESSAGES } from '../messages';
import { OrderStatusService } from './order-status-service';

/** a Logger that keeps its calls */
function recordingLogger(): { logger: Logger; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const keep = (level: string) => (...args: unknown[]) => void calls.push([level, ...args]);
  return { logger: { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') }, calls };
}

const failing = (error: Error): PaymentApi => ({ paymentStatus: () => Promise.reject(error) }) as unknown as PaymentApi;

describe('OrderStatusService logging', () => {
  it('a wrong hash or unknown token (4xx) is one plain warn line, without the error and its stack', async () => {
    // spec transactions §2, §5: the page shows the hash / token text; the server notes it without a stack
    for (const status of [403, 404, 400]) {
      const { logger, calls } = recordingLogger();
      const view = await new OrderStatusService({ paymentApi: failing(new ApiError(status, 'HASH_INCORRECT')), logger }).load('T.k');
      expect(view).toMatchObject({ kind: 'error', error: status === 403 ? MESSAGES.hashIncorrect : MESSAGES.invalidPaymentToken });
      expect(calls).toEqual([['warn', `payment status refused (${status})`, 'payment']]);
    }
  });

  it('a server error or no answer keeps the error (its stack) on the line', async () => {
    for (const error of [new ApiError(502, 'Bad gateway'), new NetworkError()]) {
      const { logger, calls } = recordingLogger();
      await new OrderStatusService({ paymentApi: failing(error), logger }).load('T.k');
      expect(calls).toEqual([['warn', 'payment status failed', 'payment', error]]);
    }
  });
});
