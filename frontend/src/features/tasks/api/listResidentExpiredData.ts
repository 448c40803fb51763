import { useQuery } from '@tanstack/react-query';
import type { ResidentExpiredData } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { residentExpiredKey } from './keys';

/** GET /api/care/resident/listResidentExpiredData?residentId=: a resident's expired records, counted by group. */
export function listResidentExpiredData(residentId: string, signal?: AbortSignal): Promise<ResidentExpiredData> {
  return api.get<ResidentExpiredData>('/care/resident/listResidentExpiredData', { query: { residentId }, signal });
}

export function useResidentExpiredData(residentId: string) {
  return useQuery({
    queryKey: [...residentExpiredKey, residentId],
    queryFn: ({ signal }) => listResidentExpiredData(residentId, signal),
    enabled: residentId !== '',
  });
}
