import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CopyLastWeekRequest, MyShifts, PublishRequest, SaveScheduleRequest, ScheduleResult, WeekSchedule } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { myShiftsKey, weekKey } from './keys';

/** POST /api/care/shiftSchedule/listByWeek: every shift type with its schedule of the week, the gaps and conflicts. */
export function listByWeek(weekStart: string, signal?: AbortSignal): Promise<WeekSchedule> {
  return api.post<WeekSchedule>('/care/shiftSchedule/listByWeek', weekStart ? { weekStart } : {}, { signal });
}

export function useWeekSchedule(weekStart: string) {
  return useQuery({
    queryKey: [...weekKey, weekStart],
    queryFn: ({ signal }) => listByWeek(weekStart, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST /api/care/shiftSchedule/save (owners, admins): the week's caregivers per day. A conflict (leave,
 * overlap, a disabled caregiver, an overdue credential) comes back as 4022 naming the caregiver and day, and
 * a schedule changed meanwhile as 4009; the page shows both itself.
 */
export function saveSchedule(req: SaveScheduleRequest): Promise<ScheduleResult> {
  return api.post<ScheduleResult>('/care/shiftSchedule/save', req, { handles: ['4022', '4009'] });
}

/** POST /api/care/shiftSchedule/copyLastWeek: last week's caregivers into an empty week as a draft. */
export function copyLastWeek(req: CopyLastWeekRequest): Promise<ScheduleResult> {
  return api.post<ScheduleResult>('/care/shiftSchedule/copyLastWeek', req, { handles: ['4009'] });
}

/** POST /api/care/shiftSchedule/publish: caregivers see the week and get their reminders. */
export function publishSchedule(req: PublishRequest): Promise<ScheduleResult> {
  return api.post<ScheduleResult>('/care/shiftSchedule/publish', req, { handles: ['4009'] });
}

/** GET /api/care/shiftSchedule/myShifts: the signed-in user's published shifts this week and next. */
export function getMyShifts(signal?: AbortSignal): Promise<MyShifts> {
  return api.get<MyShifts>('/care/shiftSchedule/myShifts', { signal });
}

export function useMyShifts(enabled = true) {
  return useQuery({
    queryKey: myShiftsKey,
    queryFn: ({ signal }) => getMyShifts(signal),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

/** copyLastWeek for the roster's "Copy last week" over every type: a type with nothing last week (4004) is skipped quietly. */
export function copyLastWeekQuiet(req: CopyLastWeekRequest): Promise<ScheduleResult> {
  return api.post<ScheduleResult>('/care/shiftSchedule/copyLastWeek', req, { handles: ['4009', '4004'] });
}
