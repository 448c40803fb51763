import type { Caregiver, UpdateCaregiverRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/caregiver/update: profile fields (not the account name nor the role). */
export function updateCaregiver(req: UpdateCaregiverRequest): Promise<Caregiver> {
  return api.post<Caregiver>('/care/caregiver/update', req, { handles: ['4022'] });
}
