import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CareMonitorFilter, CareRecord, Page, PageRequest, ResidentCareGrid, SaveCareRecordRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { careKey } from './keys';

/** GET /api/care/careMonitor/listResidentCareRecord: the day-by-day grid (days × activities). */
export function careGrid(residentId: string, startDate: string, endDate: string, signal?: AbortSignal): Promise<ResidentCareGrid> {
  return api.get<ResidentCareGrid>('/care/careMonitor/listResidentCareRecord', { query: { residentId, startDate, endDate }, signal });
}

export function useCareGrid(residentId: string, startDate: string, endDate: string) {
  return useQuery({
    queryKey: [...careKey, 'grid', residentId, startDate, endDate],
    queryFn: ({ signal }) => careGrid(residentId, startDate, endDate, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/care/careMonitor/listCareMonitorByPage: care records, newest first. */
export function listCare(req: PageRequest<CareMonitorFilter>, signal?: AbortSignal): Promise<Page<CareRecord>> {
  return api
    .post<Page<CareRecord> | null>('/care/careMonitor/listCareMonitorByPage', req, { signal })
    .then((p) => p ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useCareRecords(req: PageRequest<CareMonitorFilter>) {
  return useQuery({ queryKey: [...careKey, 'list', req], queryFn: ({ signal }) => listCare(req, signal), placeholderData: keepPreviousData });
}

/** POST /api/care/careMonitor/save: one care given. */
export function saveCare(req: SaveCareRecordRequest): Promise<CareRecord> {
  return api.post<CareRecord>('/care/careMonitor/save', req);
}
