import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarData, CalendarRange } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/**
 * POST /api/care/taskInfo/listCalendarData: per-day task figures of a range (at most CalendarRangeDays) and
 * its other events (approved leave, residents going out, care plan review and initial plan due).
 */
export function listCalendarData(range: CalendarRange, signal?: AbortSignal): Promise<CalendarData> {
  return api
    .post<CalendarData | null>('/care/taskInfo/listCalendarData', range, { signal })
    .then((data) => ({ days: data?.days ?? [], events: data?.events ?? [] }));
}

export function useCalendarData(range: CalendarRange | null) {
  return useQuery({
    queryKey: [...tasksKey, 'calendarData', range],
    queryFn: ({ signal }) => listCalendarData(range!, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
