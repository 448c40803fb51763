import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HoursReport, HoursReportRequest } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';
import { hoursKey } from './keys';

/** POST /api/care/shiftHours/report (owners, admins): scheduled versus worked minutes per caregiver. */
export function hoursReport(req: HoursReportRequest, signal?: AbortSignal): Promise<HoursReport> {
  return api.post<HoursReport>('/care/shiftHours/report', req, { signal });
}

export function useHoursReport(req: HoursReportRequest | null) {
  return useQuery({
    queryKey: [...hoursKey, req],
    queryFn: ({ signal }) => hoursReport(req!, signal),
    enabled: req !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/care/shiftHours/export (owners, admins): the same report as CSV, named after the home and the period. */
export function exportHours(startDate: string, endDate: string): Promise<DownloadedFile> {
  return api.file('/care/shiftHours/export', { query: { startDate, endDate } });
}
