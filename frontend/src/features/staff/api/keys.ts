/** Query keys of the staff calls; every staff change invalidates staffKey (lists, detail, checklist). */
export const staffKey = ['care', 'caregiver'] as const;
