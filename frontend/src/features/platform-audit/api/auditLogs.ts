import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export type { AuditLogEntry, AuditLogFilter, AuditLogPage } from '@/types/api.gen';
import type { AuditLogFilter, AuditLogPage } from '@/types/api.gen';

export const auditKey = ['system', 'auditLog'] as const;

/** POST /api/system/auditLog/list: a keyset page, newest first, after the previous page's next. */
export function useAuditLogs(filter: AuditLogFilter, after: string, size: number) {
  return useQuery<AuditLogPage>({
    queryKey: [...auditKey, filter, after, size],
    queryFn: ({ signal }) =>
      api.post<AuditLogPage | null>('/system/auditLog/list', { size, after, filter }, { signal }).then((p) => p ?? { records: [], next: '' }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/system/auditLog/export: the filter's rows as CSV, saved by the browser. */
export async function exportAuditLogs(filter: AuditLogFilter): Promise<void> {
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') query[k] = String(v);
  const file = await api.file('/system/auditLog/export', { query });
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName || 'audit-log.csv';
  a.click();
  URL.revokeObjectURL(url);
}
