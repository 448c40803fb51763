import { useQuery } from '@tanstack/react-query';
import type { Medication, MedicationFilter } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { ordersKey } from './keys';

/** POST /api/care/medication/listMedication: a resident's orders, current first, then by name. */
export function listMedication(filter: MedicationFilter, signal?: AbortSignal): Promise<Medication[]> {
  return api.post<Medication[] | null>('/care/medication/listMedication', filter, { signal }).then((list) => list ?? []);
}

export function useResidentOrders(residentId: string) {
  return useQuery({
    queryKey: [...ordersKey, residentId],
    queryFn: ({ signal }) => listMedication({ residentId }, signal),
    enabled: residentId !== '',
  });
}
