// Static key maps for the medication codes (shared/medication.go): types and the spec's 23 routes
// (spec 000 §3 "Medication"). Shared by the move-in wizard's eMAR step and the eMAR pages.

export const MEDICATION_TYPE_KEYS = {
  ROUTINE: 'care.medicationType.routine',
  PRN: 'care.medicationType.prn',
  SNF: 'care.medicationType.snf',
} as const;

export const MEDICATION_STATUS_KEYS = {
  CURRENT: 'care.medicationStatus.current',
  DISCONTINUED: 'care.medicationStatus.discontinued',
} as const;

/** The 23 routes in the spec's order. */
export const ROUTE_KEYS = {
  ORAL: 'care.route.oral',
  SUBLINGUAL: 'care.route.sublingual',
  BUCCAL: 'care.route.buccal',
  NASOGASTRIC_TUBE: 'care.route.nasogastricTube',
  OROGASTRIC_TUBE: 'care.route.orogastricTube',
  GASTROSTOMY: 'care.route.gastrostomy',
  JEJUNOSTOMY: 'care.route.jejunostomy',
  RECTAL: 'care.route.rectal',
  INTRAVENOUS: 'care.route.intravenous',
  INTRAMUSCULAR: 'care.route.intramuscular',
  SUBCUTANEOUS: 'care.route.subcutaneous',
  INTRADERMAL: 'care.route.intradermal',
  INTRAOSSEOUS: 'care.route.intraosseous',
  INTRATHECAL: 'care.route.intrathecal',
  EPIDURAL: 'care.route.epidural',
  TRANSDERMAL: 'care.route.transdermal',
  TOPICAL: 'care.route.topical',
  OPHTHALMIC: 'care.route.ophthalmic',
  OTIC: 'care.route.otic',
  NASAL: 'care.route.nasal',
  INHALATION: 'care.route.inhalation',
  NEBULIZED: 'care.route.nebulized',
  ENDOTRACHEAL: 'care.route.endotracheal',
} as const;
