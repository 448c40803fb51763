// Where the resident pages live (spec 000 §2): owners and admins under /resident-management, caregivers
// under /resident; each has its detail page under it (SUB_PAGES in app/pageRegistry.ts).

export const FACILITY_RESIDENTS_PATH = '/resident-management';
export const CAREGIVER_RESIDENTS_PATH = '/resident';

/** The resident pages of the signed-in person: owners' and admins', or caregivers'. */
export function residentsPathFor(manager: boolean): string {
  return manager ? FACILITY_RESIDENTS_PATH : CAREGIVER_RESIDENTS_PATH;
}

export function residentDetailUrl(base: string, residentId: string): string {
  return `${base}/detail?residentId=${encodeURIComponent(residentId)}`;
}

/** The resident's health monitor with the vitals entry open (the health tab reads record=1). */
export function vitalsEntryUrl(base: string, residentId: string): string {
  return `${residentDetailUrl(base, residentId)}&tab=health&record=1`;
}
