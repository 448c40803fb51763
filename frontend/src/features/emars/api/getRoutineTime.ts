import { useQuery } from '@tanstack/react-query';
import type { FacilityRoutine } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { emarRoutineKey } from './keys';

/**
 * GET /api/care/routineTime/get: the facility's sessions, which group the day's passes. Quiet: without it
 * the passes group under the default sessions.
 */
export function getRoutineTime(signal?: AbortSignal): Promise<FacilityRoutine> {
  return api.get<FacilityRoutine>('/care/routineTime/get', { signal, quiet: true });
}

export function useRoutineSessions() {
  return useQuery({ queryKey: emarRoutineKey, queryFn: ({ signal }) => getRoutineTime(signal), staleTime: 10 * 60_000, retry: false });
}
