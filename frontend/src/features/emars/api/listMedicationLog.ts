import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmarDay, MedicationLogRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { emarDayKey } from './keys';
import { serverNow } from '@/lib/time/serverClock';

/**
 * POST /api/care/medication/listMedicationLog: a facility day's passes (today when `day` is empty) for every
 * resident who lives here, with their current orders, red counts and the day's colour counts.
 */
export function listMedicationLog(req: MedicationLogRequest, signal?: AbortSignal): Promise<EmarDay> {
  return api.post<EmarDay | null>('/care/medication/listMedicationLog', req, { signal }).then(
    (answer) => answer ?? { day: req.day ?? '', now: serverNow(), residents: [], counts: { grey: 0, blue: 0, yellow: 0, red: 0, green: 0, orange: 0 } },
  );
}

export function useEmarDay(req: MedicationLogRequest) {
  return useQuery({
    queryKey: [...emarDayKey, req],
    queryFn: ({ signal }) => listMedicationLog(req, signal),
    placeholderData: keepPreviousData,
  });
}
