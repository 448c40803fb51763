import { useQuery } from '@tanstack/react-query';
import type { Caregiver, CaregiverIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { staffKey } from './keys';

/** GET /api/care/caregiver/getCaregiverById. */
export function getCaregiverById(query: CaregiverIDQuery, signal?: AbortSignal): Promise<Caregiver> {
  return api.get<Caregiver>('/care/caregiver/getCaregiverById', { query: { ...query }, signal });
}

export function useCaregiver(caregiverId: string) {
  return useQuery({
    queryKey: [...staffKey, 'detail', caregiverId],
    queryFn: ({ signal }) => getCaregiverById({ caregiverId }, signal),
    enabled: caregiverId !== '',
  });
}
