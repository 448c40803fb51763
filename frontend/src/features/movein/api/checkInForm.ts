import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';

/**
 * Codes a move-in step shows itself, at the top of the step: field rules (4022, which may name an item,
 * "Task 3: …"), the plan's resident limit (7002) and the file limits of the step's documents.
 */
export const CHECK_IN_HANDLED = [...UPLOAD_HANDLED_CODES, '7002'] as const;

/** A step's multipart body (shared/checkin.go): "data" is the step's JSON, "files" its documents. */
export function checkInForm(data: unknown, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const file of files) form.append('files', file, file.name);
  return form;
}
