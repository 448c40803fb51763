// Where the resident pages live (spec 000 §2): owners and admins under /resident-management, caregivers
// under /resident; each has its detail page under it (SUB_PAGES in app/pageRegistry.ts).

export { CAREGIVER_RESIDENTS_PATH, FACILITY_RESIDENTS_PATH, residentDetailUrl } from '@/lib/residents/residentPaths';
import { CAREGIVER_RESIDENTS_PATH, FACILITY_RESIDENTS_PATH } from '@/lib/residents/residentPaths';

/** The list page a resident path belongs to. */
export function residentsBase(pathname: string): string {
  return pathname === FACILITY_RESIDENTS_PATH || pathname.startsWith(`${FACILITY_RESIDENTS_PATH}/`)
    ? FACILITY_RESIDENTS_PATH
    : CAREGIVER_RESIDENTS_PATH;
}

/** A YYYY-MM-DD date for people, in the interface language: the UI's one date formatter. */
export { formatCalendarDate } from '@/lib/time/dateTime';

/** The move-in wizard (the movein feature's page, by path): a new move-in starts at its first step. */
export const MOVE_IN_START_URL = `${FACILITY_RESIDENTS_PATH}/move-in/confirm`;

/** Smart setup (the smartsetup feature's page, by path): residents moved in from the papers the home has. */
export const SMART_SETUP_START_URL = `${FACILITY_RESIDENTS_PATH}/batch-upload/upload`;

/** Where Continue resumes a move-in in progress: the wizard opens its first step not yet saved. */
export function moveInResumeUrl(residentId: string): string {
  return `${FACILITY_RESIDENTS_PATH}/move-in?residentId=${encodeURIComponent(residentId)}`;
}
