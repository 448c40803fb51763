import type { ApplicationForm, SaveApplicationFormRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/applicationForm/save: a new request (leave or shift adjustment). */
export function saveApplicationForm(req: SaveApplicationFormRequest): Promise<ApplicationForm> {
  return api.post<ApplicationForm>('/care/applicationForm/save', req, { handles: ['4022'] });
}
