import type { FileCategory, FileItem } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Codes an upload form shows itself, next to the files: the file limits (spec 001 §8) and field rules. */
export const UPLOAD_HANDLED_CODES = ['7008', '7009', '7010', '4022'] as const;

/** POST /api/system/files/upload (multipart `files` and `category`): all are stored or none. */
export function uploadFiles(files: readonly File[], category: FileCategory): Promise<FileItem[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  form.append('category', category);
  return api.upload<FileItem[] | null>('/system/files/upload', form, { handles: UPLOAD_HANDLED_CODES }).then((items) => items ?? []);
}
