import { useQuery } from '@tanstack/react-query';
import type { Medication, MedicationFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { medicationsKey } from './keys';

/**
 * POST /api/care/medication/listMedication: the resident's orders, current and discontinued (the medication
 * picker of a disposal).
 */
export function listMedications(filter: MedicationFilter, signal?: AbortSignal): Promise<Medication[]> {
  return api.post<Medication[] | null>('/care/medication/listMedication', filter, { signal }).then((list) => list ?? []);
}

export function useResidentMedications(residentId: string, enabled = true) {
  return useQuery({
    queryKey: [...medicationsKey, residentId],
    queryFn: ({ signal }) => listMedications({ residentId }, signal),
    enabled: enabled && residentId !== '',
  });
}
