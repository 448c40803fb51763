import type { FileIDQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/system/files/delete?fileId=: an upload not yet in use is removed. The caller shows failures. */
export function deleteFile(query: FileIDQuery): Promise<null> {
  return api.get<null>('/system/files/delete', { query: { ...query }, handles: 'all' });
}
