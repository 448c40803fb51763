import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MedPass, MedicationRecordFilter, NotGivenFilter, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { notGivenKey, recordsKey } from './keys';

const empty = (req: PageRequest<unknown>): Page<MedPass> => ({ records: [], total: 0, current: req.current, size: req.size });

/** POST /api/care/medication/listMedicationRecordByPage: logged passes and PRN doses, newest first. */
export function listRecords(req: PageRequest<MedicationRecordFilter>, signal?: AbortSignal): Promise<Page<MedPass>> {
  return api.post<Page<MedPass> | null>('/care/medication/listMedicationRecordByPage', req, { signal }).then((p) => p ?? empty(req));
}

export function useRecords(req: PageRequest<MedicationRecordFilter>, enabled: boolean) {
  return useQuery({
    queryKey: [...recordsKey, req],
    queryFn: ({ signal }) => listRecords(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /api/care/medication/listNotGivenRecord: refused, held, not given and missed passes, newest first. */
export function listNotGiven(req: PageRequest<NotGivenFilter>, signal?: AbortSignal): Promise<Page<MedPass>> {
  return api.post<Page<MedPass> | null>('/care/medication/listNotGivenRecord', req, { signal }).then((p) => p ?? empty(req));
}

export function useNotGiven(req: PageRequest<NotGivenFilter>, enabled: boolean) {
  return useQuery({
    queryKey: [...notGivenKey, req],
    queryFn: ({ signal }) => listNotGiven(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
