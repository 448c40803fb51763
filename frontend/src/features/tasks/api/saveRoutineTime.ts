import type { FacilityRoutine } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/care/routineTime/save (owners): every session's window and the medication-prep button flag. */
export function saveRoutineTime(routine: FacilityRoutine): Promise<FacilityRoutine | null> {
  return api.post<FacilityRoutine | null>('/care/routineTime/save', routine, { handles: ['4022'] });
}
