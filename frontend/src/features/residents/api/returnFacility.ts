import type { Resident, ResidentIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/resident/returnFacility: GOING_OUT → NORMAL. */
export function returnFacility(query: ResidentIDQuery): Promise<Resident | null> {
  return api.get<Resident | null>('/care/resident/returnFacility', { query: { ...query } });
}
