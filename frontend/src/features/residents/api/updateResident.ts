import type { Resident, SaveResidentRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { SAVE_RESIDENT_HANDLED } from './createResident';

/** POST /api/care/resident/updateResident: every field is replaced; refused once the resident is final. */
export function updateResident(req: SaveResidentRequest): Promise<Resident> {
  return api.post<Resident>('/care/resident/updateResident', req, { handles: SAVE_RESIDENT_HANDLED });
}
