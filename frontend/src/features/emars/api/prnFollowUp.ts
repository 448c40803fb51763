import type { MedPass, PrnFollowUpRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/medication/prnFollowUp: a PRN dose's effect, documented once (4009 with the first when someone did). */
export function prnFollowUp(req: PrnFollowUpRequest): Promise<MedPass> {
  return api.post<MedPass>('/care/medication/prnFollowUp', req, { handles: ['4009', '4022'] });
}
