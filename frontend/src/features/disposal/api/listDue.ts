import { useQuery } from '@tanstack/react-query';
import type { DisposalDueFilter, DisposalDueList } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { disposalKey } from './keys';

/**
 * POST /api/care/medicationDisposal/listDue: what must be disposed of and by when (WAC 388-76-10490 clocks),
 * most urgent first; one resident's, or the facility's when residentId is empty.
 */
export function listDue(filter: DisposalDueFilter, signal?: AbortSignal): Promise<DisposalDueList> {
  return api
    .post<DisposalDueList | null>('/care/medicationDisposal/listDue', filter, { signal })
    .then((list) => list ?? { items: [], overdueCount: 0, dueSoonCount: 0 });
}

export function useDisposalDue(residentId: string) {
  return useQuery({
    queryKey: [...disposalKey, 'due', residentId],
    queryFn: ({ signal }) => listDue({ residentId }, signal),
    enabled: residentId !== '',
  });
}
