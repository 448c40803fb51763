import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClockInRecord, ClockInRecordFilter, Page, PageRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { attendanceKey } from './keys';

/** POST /api/care/caregiverClockInRecord/listRecordByPage: punches, newest first (caregivers: their own). */
export function listRecordByPage(req: PageRequest<ClockInRecordFilter>, signal?: AbortSignal): Promise<Page<ClockInRecord>> {
  return api
    .post<Page<ClockInRecord> | null>('/care/caregiverClockInRecord/listRecordByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useClockInRecords(req: PageRequest<ClockInRecordFilter>, enabled = true) {
  return useQuery({
    queryKey: [...attendanceKey, 'records', req],
    queryFn: ({ signal }) => listRecordByPage(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
