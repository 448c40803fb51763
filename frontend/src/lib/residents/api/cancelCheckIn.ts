import type { CancelCheckInQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * GET /api/care/resident/cancelCheckIn?residentId=&reason=: abandons a move-in not yet complete. The resident is
 * kept on record but found by no call from then on (4004); a completed move-in answers 4009. Shared by the resident
 * list (Move-ins in progress) and the move-in wizard, so it lives outside both features.
 */
export function cancelCheckIn(query: CancelCheckInQuery): Promise<null> {
  return api.get<null>('/care/resident/cancelCheckIn', { query: { ...query }, handles: ['4022'] });
}
