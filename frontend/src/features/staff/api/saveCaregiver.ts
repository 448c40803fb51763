import type { Caregiver, SaveCaregiverRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/caregiver/save: creates the account (unverified, temporary password) and the membership,
 * and e-mails the invite. Field rules (4022) and the caregiver limit are shown by the form.
 */
export function saveCaregiver(req: SaveCaregiverRequest): Promise<Caregiver> {
  return api.post<Caregiver>('/care/caregiver/save', req, { handles: ['4022'] });
}
