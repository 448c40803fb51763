import { useQuery } from '@tanstack/react-query';
import type { DisposalChange } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { disposalKey } from './keys';

/** GET /api/care/medicationDisposal/history?recordId=: a record's changes, newest first, with before and after. */
export function disposalHistory(recordId: string, signal?: AbortSignal): Promise<DisposalChange[]> {
  return api.get<DisposalChange[] | null>('/care/medicationDisposal/history', { query: { recordId }, signal }).then((h) => h ?? []);
}

export function useDisposalHistory(recordId: string) {
  return useQuery({
    queryKey: [...disposalKey, 'history', recordId],
    queryFn: ({ signal }) => disposalHistory(recordId, signal),
    enabled: recordId !== '',
  });
}
