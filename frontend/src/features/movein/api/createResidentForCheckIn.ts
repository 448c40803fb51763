import type { CheckIn, CheckInResidentData } from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { CHECK_IN_HANDLED, checkInForm } from './checkInForm';

/**
 * POST /api/care/resident/createResidentForCheckIn (multipart data + files): the confirm and profile
 * steps. No residentId starts a move-in (a MOVING_IN resident); with one it replaces that resident's profile.
 */
export function createResidentForCheckIn(data: CheckInResidentData, files: readonly File[] = []): Promise<CheckIn> {
  return api.upload<CheckIn>('/care/resident/createResidentForCheckIn', checkInForm(data, files), { handles: CHECK_IN_HANDLED });
}
