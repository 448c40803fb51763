import type { DownloadQuery } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';

/**
 * GET /api/system/files/downloadByPath: a file's bytes, inline for a preview, as an attachment otherwise.
 * `path` is the file id (the spec's name). The caller shows failures itself.
 */
export function downloadByPath(query: DownloadQuery): Promise<DownloadedFile> {
  return api.file('/system/files/downloadByPath', { query: { ...query }, handles: 'all' });
}
