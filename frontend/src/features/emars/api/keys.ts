/**
 * Query keys of the med pass calls. A log, a PRN dose, an effect check or an acknowledgement refetches
 * emarKey (the day, and anything else of the feature) and the sidebar's counts (medicationWarningCount).
 */
export const emarKey = ['care', 'medication'] as const;
export const emarDayKey = [...emarKey, 'listMedicationLog'] as const;
