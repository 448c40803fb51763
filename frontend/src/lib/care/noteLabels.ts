// The 19 progress note types (shared/carerecord.go) and their words, carerecord.noteType.* keys of the carerecord
// feature's strings (a page using them loads them): shared by the care record pages and the inspector's read-only
// view. careLabel (lib/care/taskLabels) turns a code into words and shows an unknown code as it is.
export const NOTE_TYPE_KEYS = {
  BEHAVIOR_MOOD_CHANGES: 'carerecord.noteType.behaviorMoodChanges',
  CARE_PLAN_RENEWAL: 'carerecord.noteType.carePlanRenewal',
  DISCONTINUED_MEDICATIONS: 'carerecord.noteType.discontinuedMedications',
  FAMILY_COMMUNICATION: 'carerecord.noteType.familyCommunication',
  HEALTHCARE_PROVIDERS_UPDATE: 'carerecord.noteType.healthcareProvidersUpdate',
  HOSPITAL_SNF_ADMISSIONS: 'carerecord.noteType.hospitalSnfAdmissions',
  HYGIENE_PERSONAL_CARE: 'carerecord.noteType.hygienePersonalCare',
  MEDICATION_DIAGNOSIS_CHANGES: 'carerecord.noteType.medicationDiagnosisChanges',
  MISSED_MEDICATION: 'carerecord.noteType.missedMedication',
  MOBILITY_ACTIVITIES: 'carerecord.noteType.mobilityActivities',
  NEW_SYMPTOMS_COMPLAINTS: 'carerecord.noteType.newSymptomsComplaints',
  NUTRITION_HYDRATION: 'carerecord.noteType.nutritionHydration',
  OVERDUE_VITAL_SIGNS: 'carerecord.noteType.overdueVitalSigns',
  PRN_MEDICATIONS: 'carerecord.noteType.prnMedications',
  REFUSED_MEDICATIONS: 'carerecord.noteType.refusedMedications',
  THERAPIST_VISITS: 'carerecord.noteType.therapistVisits',
  RETURNED_TO_FACILITY: 'carerecord.noteType.returnedToFacility',
  SLEEP_PATTERNS: 'carerecord.noteType.sleepPatterns',
  OTHER: 'carerecord.noteType.other',
} as const;

/** The 19 types in the spec's order (shared.ProgressNoteTypes). */
export const NOTE_TYPES = Object.keys(NOTE_TYPE_KEYS);
