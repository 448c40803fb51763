import { useQuery } from '@tanstack/react-query';
import type { Resident, ResidentIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { residentsKey } from './keys';

/** GET /api/care/resident/getResidentById: the profile, with the first emergency contact and the photo link. */
export function getResidentById(query: ResidentIDQuery, signal?: AbortSignal): Promise<Resident> {
  return api.get<Resident>('/care/resident/getResidentById', { query: { ...query }, signal });
}

export function useResident(residentId: string) {
  return useQuery({
    queryKey: [...residentsKey, 'detail', residentId],
    queryFn: ({ signal }) => getResidentById({ residentId }, signal),
    enabled: residentId !== '',
    retry: false,
  });
}
