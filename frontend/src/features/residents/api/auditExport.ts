import type { ResidentAuditExportQuery } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';

/**
 * GET /api/care/resident/auditExport (owners and admins): the resident's audit trail in a period of the home's
 * days as CSV. Nothing in the period (4004) and a period holding more rows than one download may (4022) are
 * the dialog's to show.
 */
export function auditExport(query: ResidentAuditExportQuery): Promise<DownloadedFile> {
  return api.file('/care/resident/auditExport', { query: { ...query }, handles: ['4004', '4022'] });
}
