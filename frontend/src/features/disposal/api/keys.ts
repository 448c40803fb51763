/**
 * Query keys of the disposal calls; a save or quick create invalidates disposalKey (records, history, due
 * items). The resident and medication reads sit under their features' prefixes, so a change there
 * (a discontinued order, a move-out) refetches them too.
 */
export const disposalKey = ['care', 'medicationDisposal'] as const;
export const residentKey = ['care', 'resident', 'detail'] as const;
export const medicationsKey = ['care', 'medication', 'listMedication'] as const;
