import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CalendarRange, TaskRecord } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { tasksKey } from './keys';

/** POST /api/care/taskInfo/listCalendarTask: the occurrences of a range of facility days (at most CalendarTaskRangeDays). */
export function listCalendarTask(range: CalendarRange, signal?: AbortSignal): Promise<TaskRecord[]> {
  return api.post<TaskRecord[] | null>('/care/taskInfo/listCalendarTask', range, { signal }).then((records) => records ?? []);
}

export function useCalendarTasks(range: CalendarRange | null) {
  return useQuery({
    queryKey: [...tasksKey, 'calendarTask', range],
    queryFn: ({ signal }) => listCalendarTask(range!, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
