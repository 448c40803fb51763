import { useQuery } from '@tanstack/react-query';
import type { MedicationAssistance, SaveAssistanceRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { assistanceKey } from './keys';

/** GET /api/care/medication/getAssistance: the resident's medication assistance level (empty until recorded). */
export function getAssistance(residentId: string, signal?: AbortSignal): Promise<MedicationAssistance> {
  return api.get<MedicationAssistance>('/care/medication/getAssistance', { query: { residentId }, signal });
}

export function useAssistance(residentId: string) {
  return useQuery({
    queryKey: [...assistanceKey, residentId],
    queryFn: ({ signal }) => getAssistance(residentId, signal),
    enabled: residentId !== '',
  });
}

/** POST /api/care/medication/saveAssistance (owners, admins). */
export function saveAssistance(req: SaveAssistanceRequest): Promise<MedicationAssistance> {
  return api.post<MedicationAssistance>('/care/medication/saveAssistance', req, { handles: ['4022'] });
}
