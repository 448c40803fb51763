import type { LogPrnRequest, MedPass } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/medication/logPrn: a PRN dose given now with its reason; its effect check falls due an hour later. */
export function logPrn(req: LogPrnRequest): Promise<MedPass> {
  return api.post<MedPass>('/care/medication/logPrn', req, { handles: ['4022'] });
}
