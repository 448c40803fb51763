import type { SmartSetupBatch } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';

/**
 * POST /api/care/smartSetup/upload (multipart files, batchId; empty: a new batch): each file stored in a
 * group of its own or listed in `refused` with its own message. The file limits (7008–7010) and "not enough
 * upload files" (4022) are shown by the step.
 */
export function uploadPapers(files: readonly File[], batchId: string): Promise<SmartSetupBatch> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  form.append('batchId', batchId);
  form.append('groupId', '');
  return api.upload<SmartSetupBatch>('/care/smartSetup/upload', form, { handles: [...UPLOAD_HANDLED_CODES, '4022', '4009'] });
}
