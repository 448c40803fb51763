import { useQuery } from '@tanstack/react-query';
import type { PushStatus } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { statusKey } from './keys';

/** GET /api/system/push/status: whether this device (X-Device-Id) gets your alerts, and on how many devices. */
export function getStatus(signal?: AbortSignal): Promise<PushStatus> {
  return api.get<PushStatus>('/system/push/status', { signal });
}

export function usePushStatus(enabled: boolean) {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => getStatus(signal), enabled });
}
