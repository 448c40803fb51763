import type { Medication, SaveMedicationRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/medication/save (owners, admins): a new order (residentId, no medicationId) or a change of a
 * current one made on its version, with the change's note and written order. Field refusals (4022) show under
 * the fields; an order someone changed meanwhile (4009, the order as it is now in data) is shown by the form,
 * which offers to reload it.
 */
export function saveMedication(req: SaveMedicationRequest): Promise<Medication> {
  return api.post<Medication>('/care/medication/save', req, { handles: ['4022', '4009'] });
}
