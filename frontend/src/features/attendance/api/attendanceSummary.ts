import { useQuery } from '@tanstack/react-query';
import type { AttendanceSummary, AttendanceSummaryRequest } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';
import { attendanceKey } from './keys';

/** POST /api/care/caregiverClockInRecord/attendanceSummary: minutes per day and week in the facility zone. */
export function attendanceSummary(req: AttendanceSummaryRequest, signal?: AbortSignal): Promise<AttendanceSummary> {
  return api.post<AttendanceSummary>('/care/caregiverClockInRecord/attendanceSummary', req, { signal });
}

export function useAttendanceSummary(req: AttendanceSummaryRequest, enabled = true) {
  return useQuery({
    queryKey: [...attendanceKey, 'summary', req],
    queryFn: ({ signal }) => attendanceSummary(req, signal),
    enabled,
  });
}

/** GET /api/care/caregiverClockInRecord/export: the summary of a range as CSV (owners and admins, payroll). */
export function exportAttendance(startDate: string, endDate: string): Promise<DownloadedFile> {
  return api.file('/care/caregiverClockInRecord/export', { query: { startDate, endDate } });
}
