import { useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { platformDashboardKey } from './platformSummary';

/** GET /api/system/backup/getBackupStatus (super admin): the schedule, the retention ladder, the last good backup, the newest runs. */
export function getBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return api.get<BackupStatus>('/system/backup/getBackupStatus', { signal });
}

export function useBackupStatus() {
  return useQuery({ queryKey: [...platformDashboardKey, 'backup'], queryFn: ({ signal }) => getBackupStatus(signal), refetchInterval: 300_000 });
}
