import type { Clock } from '../../core/ports/clock';
import { TOKENS } from '../../core/ports/tokens';
import { useService } from './use-service';

export function useClock(): Clock {
  return useService<Clock>(TOKENS.Clock);
}
