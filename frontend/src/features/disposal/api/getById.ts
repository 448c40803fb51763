import { useQuery } from '@tanstack/react-query';
import type { MedicationDisposal } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { disposalKey } from './keys';

/** GET /api/care/medicationDisposal/getById?recordId=: one record as it stands now. */
export function getDisposal(recordId: string, signal?: AbortSignal): Promise<MedicationDisposal> {
  return api.get<MedicationDisposal>('/care/medicationDisposal/getById', { query: { recordId }, signal });
}

/** The record, fresh from the server; `initial` (the list's copy) shows until it answers. */
export function useDisposal(recordId: string, initial?: MedicationDisposal) {
  return useQuery({
    queryKey: [...disposalKey, 'record', recordId],
    queryFn: ({ signal }) => getDisposal(recordId, signal),
    enabled: recordId !== '',
    placeholderData: initial,
  });
}
