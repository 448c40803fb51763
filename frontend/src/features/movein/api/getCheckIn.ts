import { useQuery } from '@tanstack/react-query';
import type { CheckIn } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { checkInKeyOf } from './keys';

/** GET /api/care/resident/getCheckIn?residentId=: where a move-in stands, with what each step saved. */
export function getCheckIn(residentId: string, signal?: AbortSignal): Promise<CheckIn> {
  return api.get<CheckIn>('/care/resident/getCheckIn', { query: { residentId }, signal });
}

export function useCheckIn(residentId: string) {
  return useQuery({
    queryKey: checkInKeyOf(residentId),
    queryFn: ({ signal }) => getCheckIn(residentId, signal),
    enabled: residentId !== '',
    retry: false,
    // The wizard keeps its own drafts; a refetch on focus must not reset them.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
