import { useQuery } from '@tanstack/react-query';
import type { Resident } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { residentKey } from './keys';

/** GET /api/care/resident/getResidentById: whose medications the page shows (name, room, status, allergies). */
export function getResident(residentId: string, signal?: AbortSignal): Promise<Resident> {
  return api.get<Resident>('/care/resident/getResidentById', { query: { residentId }, signal });
}

export function useMedicationResident(residentId: string) {
  return useQuery({
    queryKey: [...residentKey, residentId],
    queryFn: ({ signal }) => getResident(residentId, signal),
    enabled: residentId !== '',
    retry: false,
  });
}
