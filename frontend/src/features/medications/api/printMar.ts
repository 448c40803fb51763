import type { PrintMarQuery } from '@/types/api.gen';
import { api, type DownloadedFile } from '@/lib/api/client';

/**
 * GET /api/care/medication/printMar: a resident's monthly MAR as a PDF (the print range rules answer 4004
 * when there is nothing to print and 4022 over 1000 records; the client reports them).
 */
export function printMar(q: PrintMarQuery): Promise<DownloadedFile> {
  const query: Record<string, string> = { residentId: q.residentId, month: q.month };
  if (q.paper) query.paper = q.paper;
  return api.file('/care/medication/printMar', { query });
}
