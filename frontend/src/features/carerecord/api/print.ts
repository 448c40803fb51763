import type { PrintRecordQuery } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';

/**
 * GET /api/care/progressNote/print (notes first) or /api/care/healthMonitor/print (readings first): a
 * resident's notes and/or readings of a range as a PDF.
 * The range's refusals (nothing in range, more than 1000 records: 4022) are the dialog's to show.
 */
export function printRecord(q: PrintRecordQuery, from: 'progressNote' | 'healthMonitor' = 'progressNote'): Promise<DownloadedFile> {
  const query: Record<string, string> = { residentId: q.residentId, startDate: q.startDate, endDate: q.endDate };
  if (q.include) query.include = q.include;
  if (q.paper) query.paper = q.paper;
  return api.file(`/care/${from}/print`, { query, handles: ['4022', '4004'] });
}
