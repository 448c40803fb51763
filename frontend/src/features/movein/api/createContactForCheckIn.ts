import type { CheckIn, CheckInContactsData } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { CHECK_IN_HANDLED, checkInForm } from './checkInForm';

/** POST /api/care/resident/createContactForCheckIn (multipart): the contacts, replacing an earlier save of the step. */
export function createContactForCheckIn(data: CheckInContactsData, files: readonly File[] = []): Promise<CheckIn> {
  return api.upload<CheckIn>('/care/resident/createContactForCheckIn', checkInForm(data, files), { handles: CHECK_IN_HANDLED });
}
