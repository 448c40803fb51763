import { useQuery } from '@tanstack/react-query';
import type { ClockInStatus } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { attendanceKey } from './keys';

/** GET /api/care/caregiverClockInRecord/myStatus: on shift or not, since when, this week's minutes, PIN set. */
export function myStatus(signal?: AbortSignal): Promise<ClockInStatus> {
  return api.get<ClockInStatus>('/care/caregiverClockInRecord/myStatus', { signal });
}

/** Asked again every minute so "this week" keeps counting an open shift. */
export function useMyStatus() {
  return useQuery({
    queryKey: [...attendanceKey, 'myStatus'],
    queryFn: ({ signal }) => myStatus(signal),
    refetchInterval: 60_000,
  });
}
