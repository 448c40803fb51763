import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FacilityDocAnalysis } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { facilityDocsKey } from './facilityDocs';

/** Query key of one version's compliance check (under facilityDocsKey, so an upload refreshes it too). */
export const complianceKey = (versionId: string) => [...facilityDocsKey, 'compliance', versionId] as const;

/** Whether a check is still under way (the screen polls it then). */
export function isRunning(a: FacilityDocAnalysis | undefined): boolean {
  return a?.state === 'QUEUED' || a?.state === 'RUNNING';
}

/** How often a check under way is read again for its progress. */
export const POLL_MS = 1500;

/** GET /api/system/files/fileComplianceAnalysis: a version's check (state NONE when never run), its progress, then its report. */
export function getComplianceAnalysis(versionId: string, signal?: AbortSignal): Promise<FacilityDocAnalysis> {
  return api.get<FacilityDocAnalysis>('/system/files/fileComplianceAnalysis', { query: { versionId }, signal });
}

/**
 * A version's check, read again every POLL_MS while it runs. When it is seen finished (each run once), the
 * checklist (its red flags) and the dashboard are refreshed: also when it finished before this screen saw it
 * run (a new version is checked by itself on upload, and a quick check may be done by the first read).
 */
export function useComplianceAnalysis(versionId: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: complianceKey(versionId),
    queryFn: ({ signal }) => getComplianceAnalysis(versionId, signal),
    refetchInterval: (q) => (isRunning(q.state.data) ? POLL_MS : false),
  });
  const seenFinished = useRef('');
  const finished = query.data && query.data.state !== 'NONE' && !isRunning(query.data) ? (query.data.analysisId ?? '') : '';
  useEffect(() => {
    if (finished && finished !== seenFinished.current) {
      void queryClient.invalidateQueries({ queryKey: [...facilityDocsKey, 'inspections'] });
      void queryClient.invalidateQueries({ queryKey: ['system', 'dashboard'] });
    }
    seenFinished.current = finished || seenFinished.current;
  }, [finished, queryClient]);
  return query;
}

/** POST /api/system/files/runComplianceAnalysis: queue a check of the version (4009 when one is under way). */
export function runComplianceAnalysis(versionId: string): Promise<FacilityDocAnalysis> {
  return api.post<FacilityDocAnalysis>('/system/files/runComplianceAnalysis', { versionId });
}

/** POST /api/system/files/cancelComplianceAnalysis: stop the version's check under way. */
export function cancelComplianceAnalysis(versionId: string): Promise<FacilityDocAnalysis> {
  return api.post<FacilityDocAnalysis>('/system/files/cancelComplianceAnalysis', { versionId });
}
