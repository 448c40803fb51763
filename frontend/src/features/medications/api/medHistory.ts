import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MedHistoryQuery, MedicationChange, Page } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { historyKey } from './keys';

/** GET /api/care/medHistory/getMedHistory: a resident's order changes (or one order's), newest first. */
export function getMedHistory(q: MedHistoryQuery, signal?: AbortSignal): Promise<Page<MedicationChange>> {
  const query: Record<string, string | number> = { residentId: q.residentId, current: q.current ?? 1, size: q.size ?? 20 };
  if (q.medicationId) query.medicationId = q.medicationId;
  return api
    .get<Page<MedicationChange> | null>('/care/medHistory/getMedHistory', { query, signal })
    .then((p) => p ?? { records: [], total: 0, current: q.current ?? 1, size: q.size ?? 20 });
}

export function useMedHistory(q: MedHistoryQuery) {
  return useQuery({
    queryKey: [...historyKey, q],
    queryFn: ({ signal }) => getMedHistory(q, signal),
    placeholderData: keepPreviousData,
    enabled: q.residentId !== '',
  });
}
