import { useQuery } from '@tanstack/react-query';
import type { AreaInspections, ResidentInspectionsQuery } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';

/** Query key of the inspection readiness page's residents and staff areas. */
export const inspectionAreasKey = ['care', 'inspectionAreas'] as const;

/** GET /api/care/resident/getResidentFileInspections: each living resident's checks, gaps linked to their fix, the score. */
export function getResidentFileInspections(query: ResidentInspectionsQuery, signal?: AbortSignal): Promise<AreaInspections> {
  const q: Record<string, string> = {};
  if (query.residentId) q.residentId = query.residentId;
  return api.get<AreaInspections>('/care/resident/getResidentFileInspections', { query: q, signal });
}

export function useResidentInspections() {
  return useQuery({
    queryKey: [...inspectionAreasKey, 'residents'],
    queryFn: ({ signal }) => getResidentFileInspections({}, signal),
  });
}

/** GET /api/care/caregiver/getStaffFileInspections: each working staff member's credential check and the score. */
export function getStaffFileInspections(signal?: AbortSignal): Promise<AreaInspections> {
  return api.get<AreaInspections>('/care/caregiver/getStaffFileInspections', { signal });
}

export function useStaffInspections() {
  return useQuery({
    queryKey: [...inspectionAreasKey, 'staff'],
    queryFn: ({ signal }) => getStaffFileInspections(signal),
  });
}

/**
 * GET /api/care/inspection/print: the whole readiness page as a PDF to hand over, in the language chosen (labels
 * outside English keep the English beside them).
 */
export function printInspectionReport(lang: string): Promise<DownloadedFile> {
  return api.file('/care/inspection/print', { query: { lang } });
}
