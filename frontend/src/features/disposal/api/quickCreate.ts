import type { MedicationDisposal, QuickDisposalRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/medicationDisposal/quickCreate (owners, admins): the disposal of a due medication, its order copied. */
export function quickCreateDisposal(req: QuickDisposalRequest): Promise<MedicationDisposal> {
  return api.post<MedicationDisposal>('/care/medicationDisposal/quickCreate', req, { handles: ['4022'] });
}
