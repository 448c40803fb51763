import type { CheckIn, CheckInTasksData } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { CHECK_IN_HANDLED, checkInForm } from './checkInForm';

/** POST /api/care/resident/createTaskForCheckIn (multipart): the care plan's tasks, replacing an earlier save of the step. */
export function createTaskForCheckIn(data: CheckInTasksData, files: readonly File[] = []): Promise<CheckIn> {
  return api.upload<CheckIn>('/care/resident/createTaskForCheckIn', checkInForm(data, files), { handles: CHECK_IN_HANDLED });
}
