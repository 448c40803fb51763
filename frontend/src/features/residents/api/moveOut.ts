import type { MoveOutRequest, Resident } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/resident/moveOut: final, cannot be undone; the name is retyped to confirm. */
export function moveOut(req: MoveOutRequest): Promise<Resident | null> {
  return api.post<Resident | null>('/care/resident/moveOut', req, { handles: ['4022'] });
}
