import type { CheckColorRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/caregiver/checkSystemColor: true when another staff member already has the colour. */
export function checkSystemColor(req: CheckColorRequest, signal?: AbortSignal): Promise<boolean> {
  return api.post<boolean>('/care/caregiver/checkSystemColor', req, { quiet: true, signal });
}
