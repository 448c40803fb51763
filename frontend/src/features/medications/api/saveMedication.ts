import type { Medication, SaveMedicationRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/medication/save (owners, admins): a new order (residentId, no medicationId) or a change of a
 * current one, with the change's note and written order. Field refusals (4022) show under the fields.
 */
export function saveMedication(req: SaveMedicationRequest): Promise<Medication> {
  return api.post<Medication>('/care/medication/save', req, { handles: ['4022'] });
}
