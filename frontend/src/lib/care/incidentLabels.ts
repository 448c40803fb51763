// Static key maps for the incident codes the server sends (shared/incident.go), so every key stays visible to the
// locale check. The words are the incidents feature's (incidents.*): a page using them loads its strings. Shared by
// the incident pages and the inspector's read-only view.
export const TYPE_KEYS = {
  FALL: 'incidents.type.FALL',
  MEDICATION_ERROR: 'incidents.type.MEDICATION_ERROR',
  ELOPEMENT: 'incidents.type.ELOPEMENT',
  INJURY_UNKNOWN_SOURCE: 'incidents.type.INJURY_UNKNOWN_SOURCE',
  UNEXPECTED_DEATH: 'incidents.type.UNEXPECTED_DEATH',
  EXPLOITATION: 'incidents.type.EXPLOITATION',
  RESIDENT_TO_RESIDENT: 'incidents.type.RESIDENT_TO_RESIDENT',
  STAFF_TO_RESIDENT: 'incidents.type.STAFF_TO_RESIDENT',
  RESIDENT_OTHER: 'incidents.type.RESIDENT_OTHER',
  POWER_OUTAGE: 'incidents.type.POWER_OUTAGE',
  NATURAL_DISASTER: 'incidents.type.NATURAL_DISASTER',
  FIRE: 'incidents.type.FIRE',
  FACILITY_OTHER: 'incidents.type.FACILITY_OTHER',
} as const;

export const STATE_KEYS = {
  DRAFT: 'incidents.state.DRAFT',
  PENDING_REVIEW: 'incidents.state.PENDING_REVIEW',
  COMPLETED: 'incidents.state.COMPLETED',
} as const;

export const GROUP_KEYS = {
  RESIDENT: 'incidents.group.RESIDENT',
  FACILITY: 'incidents.group.FACILITY',
} as const;

export const PARTY_KEYS = {
  PHYSICIAN: 'incidents.notify.PHYSICIAN',
  FAMILY: 'incidents.notify.FAMILY',
  CASE_MANAGER: 'incidents.notify.CASE_MANAGER',
  DSHS: 'incidents.notify.DSHS',
  LAW_ENFORCEMENT: 'incidents.notify.LAW_ENFORCEMENT',
} as const;

export const DUTY_KEYS = {
  DSHS_HOTLINE: 'incidents.dutyCode.DSHS_HOTLINE',
  LAW_ENFORCEMENT: 'incidents.dutyCode.LAW_ENFORCEMENT',
  NOTIFY_FAMILY: 'incidents.dutyCode.NOTIFY_FAMILY',
  NOTIFY_PHYSICIAN: 'incidents.dutyCode.NOTIFY_PHYSICIAN',
  NOTIFY_CASE_MANAGER: 'incidents.dutyCode.NOTIFY_CASE_MANAGER',
  REVIEW_MEDICATIONS: 'incidents.dutyCode.REVIEW_MEDICATIONS',
} as const;

export const EVENT_KEYS = {
  CREATED: 'incidents.event.CREATED',
  UPDATED: 'incidents.event.UPDATED',
  SUBMITTED: 'incidents.event.SUBMITTED',
  DUTY_CHECKED: 'incidents.event.DUTY_CHECKED',
  DUTY_UNCHECKED: 'incidents.event.DUTY_UNCHECKED',
  ANALYSIS: 'incidents.event.ANALYSIS',
  APPROVED: 'incidents.event.APPROVED',
} as const;

export const ANALYSIS_KEYS = {
  PRELIMINARY: 'incidents.analysis.PRELIMINARY',
  FINAL: 'incidents.analysis.FINAL',
} as const;

/** A code's key in a map, or the fallback's for a code this build does not know. */
export function keyOf<M extends Record<string, string>>(map: M, code: string, fallback: keyof M): M[keyof M] {
  return Object.hasOwn(map, code) ? map[code as keyof M] : map[fallback];
}

/** The written fields of a report as the server keeps them (incident_reports.body), by the form's labels. */
export const WRITTEN_FIELD_KEYS = {
  location: 'incidents.field.location',
  narrative: 'incidents.field.narrative',
  injuries: 'incidents.field.injuries',
  immediateActions: 'incidents.field.immediateActions',
  witnesses: 'incidents.field.witnesses',
  sexualAssault: 'incidents.field.sexualAssault',
  physicalAssault: 'incidents.field.physicalAssault',
} as const;
