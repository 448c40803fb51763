import { useQuery } from '@tanstack/react-query';
import type { CaregiverFile, CaregiverInspections } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { staffKey } from './keys';

/** GET /api/care/caregiver/getMyFileInspections: the signed-in caregiver's own checklist (/your-status). */
export function getMyFileInspections(signal?: AbortSignal): Promise<CaregiverInspections> {
  return api.get<CaregiverInspections>('/care/caregiver/getMyFileInspections', { signal });
}

export function useMyInspections() {
  return useQuery({ queryKey: [...staffKey, 'mine', 'inspections'], queryFn: ({ signal }) => getMyFileInspections(signal) });
}

/** GET /api/care/caregiver/listMyFiles: the signed-in caregiver's own records. */
export function listMyFiles(signal?: AbortSignal): Promise<CaregiverFile[]> {
  return api.get<CaregiverFile[] | null>('/care/caregiver/listMyFiles', { signal }).then((l) => l ?? []);
}

export function useMyFiles() {
  return useQuery({ queryKey: [...staffKey, 'mine', 'files'], queryFn: ({ signal }) => listMyFiles(signal) });
}
