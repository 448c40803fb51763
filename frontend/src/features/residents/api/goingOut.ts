import type { GoingOutRequest, Resident } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/resident/goingOut: NORMAL → GOING_OUT with an expected return in the future. */
export function goingOut(req: GoingOutRequest): Promise<Resident | null> {
  return api.post<Resident | null>('/care/resident/goingOut', req, { handles: ['4022'] });
}
