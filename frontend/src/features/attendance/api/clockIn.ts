import type { ClockInRecord, ClockInRequest } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/**
 * POST /api/care/caregiverClockInRecord/clockIn: in or out, decided by the server from the last punch.
 * The caller keeps `clientPunchId` until it has an answer, so a retry replays the same punch.
 */
export function clockIn(req: ClockInRequest): Promise<ClockInRecord> {
  return api.post<ClockInRecord>('/care/caregiverClockInRecord/clockIn', req);
}
