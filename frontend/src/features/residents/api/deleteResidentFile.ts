import type { ResidentFileQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/resident/deleteResidentFile?residentId=&fileId=: removes a document uploaded by mistake (owners, admins). */
export function deleteResidentFile(query: ResidentFileQuery): Promise<null> {
  return api.get<null>('/care/resident/deleteResidentFile', { query: { ...query } });
}
