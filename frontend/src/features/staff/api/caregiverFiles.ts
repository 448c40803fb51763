import { useQuery } from '@tanstack/react-query';
import type { CaregiverFile, CaregiverFilesQuery, CaregiverInspections, CaregiverIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { staffKey } from './keys';

/** GET /api/care/caregiver/listCaregiverFiles: certificate and CE records with their files. */
export function listCaregiverFiles(query: CaregiverFilesQuery, signal?: AbortSignal): Promise<CaregiverFile[]> {
  return api.get<CaregiverFile[] | null>('/care/caregiver/listCaregiverFiles', { query: { ...query }, signal }).then((l) => l ?? []);
}

export function useCaregiverFiles(caregiverId: string) {
  return useQuery({
    queryKey: [...staffKey, 'files', caregiverId],
    queryFn: ({ signal }) => listCaregiverFiles({ caregiverId }, signal),
    enabled: caregiverId !== '',
  });
}

/** GET /api/care/caregiver/getCaregiverFileInspections: the credential checklist from the rules engine. */
export function getCaregiverFileInspections(query: CaregiverIDQuery, signal?: AbortSignal): Promise<CaregiverInspections> {
  return api.get<CaregiverInspections>('/care/caregiver/getCaregiverFileInspections', { query: { ...query }, signal });
}

export function useCaregiverInspections(caregiverId: string) {
  return useQuery({
    queryKey: [...staffKey, 'inspections', caregiverId],
    queryFn: ({ signal }) => getCaregiverFileInspections({ caregiverId }, signal),
    enabled: caregiverId !== '',
  });
}
