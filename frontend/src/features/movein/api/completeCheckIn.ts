import type { CheckIn } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/resident/completeCheckIn?residentId=: the resident moves in (NORMAL) and shows in the lists. */
export function completeCheckIn(residentId: string): Promise<CheckIn> {
  return api.get<CheckIn>('/care/resident/completeCheckIn', { query: { residentId }, handles: ['4022', '7002'] });
}
