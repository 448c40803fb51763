import type { CaregiverCredentialFields, CaregiverFile } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';

/**
 * POST /api/care/caregiver/uploadCaregiverFiles (multipart): one credential record of one type with its
 * files. The file limits (7008–7010) and field rules (4022) are shown by the form.
 */
export function uploadCaregiverFiles(fields: CaregiverCredentialFields, files: readonly File[]): Promise<CaregiverFile> {
  const form = new FormData();
  form.append('caregiverId', fields.caregiverId);
  form.append('credentialType', fields.credentialType);
  if (fields.name) form.append('name', fields.name);
  form.append('issueDate', fields.issueDate);
  if (fields.expiryDate) form.append('expiryDate', fields.expiryDate);
  if (fields.ceHours) form.append('ceHours', String(fields.ceHours));
  for (const file of files) form.append('files', file, file.name);
  return api.upload<CaregiverFile>('/care/caregiver/uploadCaregiverFiles', form, { handles: UPLOAD_HANDLED_CODES });
}
