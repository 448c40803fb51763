import type { CheckIn, CheckInMedicationsData } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { CHECK_IN_HANDLED, checkInForm } from './checkInForm';

/** POST /api/care/resident/createEmarsForCheckIn (multipart): the medication list, replacing an earlier save of the step. */
export function createEmarsForCheckIn(data: CheckInMedicationsData, files: readonly File[] = []): Promise<CheckIn> {
  return api.upload<CheckIn>('/care/resident/createEmarsForCheckIn', checkInForm(data, files), { handles: CHECK_IN_HANDLED });
}
