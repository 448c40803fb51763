import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  IncidentApprovalRequest,
  IncidentDutyCheckRequest,
  IncidentExportQuery,
  IncidentFilter,
  IncidentReport,
  Page,
  PageRequest,
  SaveIncidentDraftRequest,
  UpdateIncidentReportRequest,
} from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';
import { incidentKey, incidentListKey } from './keys';

// The calls of docs/api.md "Incident reports", under /api/care/incidentReport.
const base = '/care/incidentReport';
const byId = (incidentId: string) => ({ query: { incidentId } });

/** POST /saveIncidentDraft: a new draft (7007 past the plan's maximum is shown by the client). */
export function saveIncidentDraft(req: SaveIncidentDraftRequest): Promise<IncidentReport> {
  return api.post<IncidentReport>(`${base}/saveIncidentDraft`, req, { handles: ['4022'] });
}

/** POST /updateIncidentReport: the whole report again, with the version it was read at. */
export function updateIncidentReport(req: UpdateIncidentReportRequest): Promise<IncidentReport> {
  return api.post<IncidentReport>(`${base}/updateIncidentReport`, req, { handles: ['4022'] });
}

/** GET /submit: DRAFT → PENDING_REVIEW (4022 names a missing field). */
export function submitIncident(incidentId: string): Promise<IncidentReport> {
  return api.get<IncidentReport>(`${base}/submit`, { ...byId(incidentId), handles: ['4022'] });
}

/** GET /finalAnalysis: the final analysis made now (AI, or the rules-based checklist without a provider). */
export function runFinalAnalysis(incidentId: string): Promise<IncidentReport> {
  return api.get<IncidentReport>(`${base}/finalAnalysis`, byId(incidentId));
}

/** POST /checkDuty: ticks or unticks a reporting duty. */
export function checkDuty(req: IncidentDutyCheckRequest): Promise<IncidentReport> {
  return api.post<IncidentReport>(`${base}/checkDuty`, req);
}

/** POST /approval: closes the report (waivers for mandatory duties not done; 4022 names one without). */
export function approveIncident(req: IncidentApprovalRequest): Promise<IncidentReport> {
  return api.post<IncidentReport>(`${base}/approval`, req, { handles: ['4022'] });
}

/** GET /deleteIncidentReport: a draft, by its author. */
export function deleteIncident(incidentId: string): Promise<null> {
  return api.get<null>(`${base}/deleteIncidentReport`, byId(incidentId));
}

/** GET /print: the report as a PDF in the reader's language. */
export function printIncident(incidentId: string): Promise<DownloadedFile> {
  return api.file(`${base}/print`, byId(incidentId));
}

export function listIncidents(req: PageRequest<IncidentFilter>, signal?: AbortSignal): Promise<Page<IncidentReport>> {
  return api
    .post<Page<IncidentReport> | null>(`${base}/listIncidentReport`, req, { signal })
    .then((p) => p ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useIncidents(req: PageRequest<IncidentFilter>, enabled = true) {
  return useQuery({
    queryKey: [...incidentListKey, req],
    queryFn: ({ signal }) => listIncidents(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useIncident(incidentId: string | undefined) {
  return useQuery({
    queryKey: incidentKey(incidentId ?? ''),
    queryFn: ({ signal }) => api.get<IncidentReport>(`${base}/getIncidentReportById`, { ...byId(incidentId ?? ''), signal }),
    enabled: !!incidentId,
    // The preliminary analysis is made in the background after submit: look again until it is there.
    refetchInterval: (q) => (q.state.data?.analysisRunning ? 3000 : false),
  });
}

/**
 * GET /export (owners and admins): the reports the list's filters select, found in a period of the home's
 * days, as CSV; no rows (4004) or more than the limit (4022) is reported by the client.
 */
export function exportIncidents(q: IncidentExportQuery): Promise<DownloadedFile> {
  const query: Record<string, string> = { startDate: q.startDate, endDate: q.endDate };
  if (q.residentId) query.residentId = q.residentId;
  if (q.type) query.type = q.type;
  if (q.state) query.state = q.state;
  return api.file(`${base}/export`, { query });
}
