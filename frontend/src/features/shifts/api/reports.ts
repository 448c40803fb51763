import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListShiftReportFilter,
  Page,
  PageRequest,
  SaveShiftReportRequest,
  ShiftReport,
  ShiftReportPrefill,
  ShiftReportPrefillRequest,
  ShiftReportUnread,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { reportsKey } from './keys';

/** POST /api/care/shiftReport/listByPage: submitted reports and the caller's drafts, unread first. */
export function listReports(req: PageRequest<ListShiftReportFilter>, signal?: AbortSignal): Promise<Page<ShiftReport>> {
  return api
    .post<Page<ShiftReport> | null>('/care/shiftReport/listByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useReports(req: PageRequest<ListShiftReportFilter>) {
  return useQuery({
    queryKey: [...reportsKey, 'list', req],
    queryFn: ({ signal }) => listReports(req, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/care/shiftReport/countUnread: submitted reports the caller has not opened. */
export function countUnread(signal?: AbortSignal): Promise<ShiftReportUnread> {
  return api.get<ShiftReportUnread>('/care/shiftReport/countUnread', { signal, quiet: true });
}

export function useUnreadReports() {
  return useQuery({
    queryKey: [...reportsKey, 'unread'],
    queryFn: ({ signal }) => countUnread(signal),
    refetchInterval: 60_000,
  });
}

/** GET /api/care/shiftReport/getById?reportId=: one report; opening it marks it read for the caller. */
export function getReport(reportId: string, signal?: AbortSignal): Promise<ShiftReport> {
  return api.get<ShiftReport>('/care/shiftReport/getById', { query: { reportId }, signal });
}

/** The report as it stands; `initial` (the list's copy) shows until the server answers. */
export function useReport(reportId: string, initial?: ShiftReport) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...reportsKey, 'one', reportId],
    // Opening marks the report read: the list, the unread count and the sidebar follow as soon as the server
    // answers, even when the reader has already closed the report (the request is not cancelled on close, and
    // the lists are refreshed here rather than by the dialog, which may be gone by then).
    queryFn: async () => {
      const report = await getReport(reportId);
      void queryClient.invalidateQueries({ queryKey: [...reportsKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...reportsKey, 'unread'] });
      void queryClient.invalidateQueries({ queryKey: sidebarCountsKey });
      return report;
    },
    placeholderData: initial,
    enabled: reportId !== '',
  });
}

/** POST /api/care/shiftReport/save: a draft (new when reportId is empty). */
export function saveReport(req: SaveShiftReportRequest): Promise<ShiftReport> {
  return api.post<ShiftReport>('/care/shiftReport/save', req, { handles: ['4022'] });
}

/** POST /api/care/shiftReport/submit: saves and submits in one; every caregiver and the owner get it unread. */
export function submitReport(req: SaveShiftReportRequest): Promise<ShiftReport> {
  return api.post<ShiftReport>('/care/shiftReport/submit', req, { handles: ['4022'] });
}

/** POST /api/care/shiftReport/prefill: the day's held meds, open tasks and residents of concern. */
export function prefillReport(req: ShiftReportPrefillRequest): Promise<ShiftReportPrefill> {
  return api.post<ShiftReportPrefill>('/care/shiftReport/prefill', req);
}
