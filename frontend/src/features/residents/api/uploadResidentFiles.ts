import type { FileCategory, ResidentFile } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';

/** POST /api/care/resident/uploadResidentFiles (multipart residentId, category, files): all are stored or none. */
export function uploadResidentFiles(
  residentId: string,
  category: FileCategory,
  files: readonly File[],
): Promise<ResidentFile[]> {
  const form = new FormData();
  form.append('residentId', residentId);
  form.append('category', category);
  for (const file of files) form.append('files', file, file.name);
  return api
    .upload<ResidentFile[] | null>('/care/resident/uploadResidentFiles', form, { handles: UPLOAD_HANDLED_CODES })
    .then((items) => items ?? []);
}
