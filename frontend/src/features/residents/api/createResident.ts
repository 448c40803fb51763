import type { Resident, SaveResidentRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Codes the resident form shows itself: field rules (4022) and the plan's resident limit (7002). */
export const SAVE_RESIDENT_HANDLED = ['4022', '7002'] as const;

/** POST /api/care/resident/createResident: a new resident (owner/admin); beyond the plan's limit it answers 7002. */
export function createResident(req: SaveResidentRequest): Promise<Resident> {
  return api.post<Resident>('/care/resident/createResident', req, { handles: SAVE_RESIDENT_HANDLED });
}
