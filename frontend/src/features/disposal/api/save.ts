import type { MedicationDisposal, SaveDisposalRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/medicationDisposal/save (owners, admins): a new record, or an edit of the version the form
 * was opened on. Field refusals (4022) show under the fields; a record changed meanwhile (4009) is reported.
 */
export function saveDisposal(req: SaveDisposalRequest): Promise<MedicationDisposal> {
  return api.post<MedicationDisposal>('/care/medicationDisposal/save', req, { handles: ['4022'] });
}
