import type { LogPassRequest, MedPass } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/medication/logPass: a scheduled pass logged once. Someone first: 4009 with their log in
 * data (the dialog says who and when); a 4022 names the field, shown under it.
 */
export function logPass(req: LogPassRequest): Promise<MedPass> {
  return api.post<MedPass>('/care/medication/logPass', req, { handles: ['4009', '4022'] });
}
