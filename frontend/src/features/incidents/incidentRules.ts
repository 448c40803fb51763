// Pure rules of the incident pages (spec 000 §3 "Incident report", §4 incident states; shared/incident.go):
// which questions a type asks, the form's checks mirroring the server's (the same bounds from shared/), and
// how a reporting duty's deadline reads. Times are epoch ms; the facility's zone is applied by the callers.
import type { IncidentDuty, IncidentNotification, IncidentReport, SaveIncidentDraftRequest } from '@/types/api.gen';
import {
  DetailsMax,
  IncidentBodyLocationsMax,
  IncidentCompleted,
  IncidentDraft,
  IncidentElopement,
  IncidentExploitation,
  IncidentFacilityOther,
  IncidentFall,
  IncidentFilesMax,
  IncidentFire,
  IncidentGroupFacility,
  IncidentGroupResident,
  IncidentInjuryUnknownSource,
  IncidentMedicationError,
  IncidentNaturalDisaster,
  IncidentPowerOutage,
  IncidentResidentOther,
  IncidentResidentToResident,
  IncidentStaffMax,
  IncidentStaffToResident,
  IncidentUnexpectedDeath,
  LongDetailsMax,
  ShortTextMax,
  SubDetailsMax,
  TitleMax,
} from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';

/** Each group's types in the form's order (shared.IncidentResidentTypes, IncidentFacilityTypes). */
export const RESIDENT_TYPES = [
  IncidentFall,
  IncidentMedicationError,
  IncidentElopement,
  IncidentInjuryUnknownSource,
  IncidentUnexpectedDeath,
  IncidentExploitation,
  IncidentResidentToResident,
  IncidentStaffToResident,
  IncidentResidentOther,
] as const;
export const FACILITY_TYPES = [IncidentPowerOutage, IncidentNaturalDisaster, IncidentFire, IncidentFacilityOther] as const;
export const ALL_TYPES = [...RESIDENT_TYPES, ...FACILITY_TYPES] as const;

export type Group = typeof IncidentGroupResident | typeof IncidentGroupFacility;

/** The group of a type ('' for none or an unknown one). */
export function groupOf(type: string): Group | '' {
  if ((RESIDENT_TYPES as readonly string[]).includes(type)) return IncidentGroupResident;
  if ((FACILITY_TYPES as readonly string[]).includes(type)) return IncidentGroupFacility;
  return '';
}

export type Question =
  | 'resident'
  | 'occurredAt'
  | 'discoveredAt'
  | 'location'
  | 'narrative'
  | 'injuries'
  | 'bodyLocations'
  | 'suspicions'
  | 'immediateActions'
  | 'notifications'
  | 'witnesses'
  | 'staffInvolved'
  | 'files';

/**
 * The questions a type needs, in the form's order: a resident's incident names the resident and asks about
 * injuries and where on the body; an incident of the home asks neither. No type yet: no questions.
 */
export function questionsFor(type: string): Question[] {
  const group = groupOf(type);
  if (!group) return [];
  const resident = group === IncidentGroupResident;
  return [
    ...(resident ? (['resident'] as const) : []),
    'occurredAt',
    'discoveredAt',
    'location',
    'narrative',
    ...(resident ? (['injuries', 'bodyLocations', 'suspicions'] as const) : []),
    'immediateActions',
    'notifications',
    'witnesses',
    'staffInvolved',
    'files',
  ];
}

/** One party told, as the form holds it: the wall-clock time typed (YYYY-MM-DDTHH:mm) and who told them. */
export interface NotifiedForm {
  party: string;
  at: string;
  by: string;
}

/** The form's fields: times as typed (YYYY-MM-DDTHH:mm in the facility's zone), body locations as one line. */
export interface IncidentForm {
  type: string;
  residentId: string;
  occurredAt: string;
  discoveredAt: string;
  location: string;
  narrative: string;
  injuries: string;
  bodyLocations: string;
  immediateActions: string;
  notifications: NotifiedForm[];
  witnesses: string;
  staffInvolvedIds: string[];
  fileIds: string[];
  /** Suspected sexual assault, or physical assault causing bodily injury: law enforcement is told too (RCW 74.34.035). */
  sexualAssault: boolean;
  physicalAssault: boolean;
}

export type IncidentErrors = Partial<Record<keyof IncidentForm | 'files', RuleError>>;

export function emptyForm(): IncidentForm {
  return {
    type: '',
    residentId: '',
    occurredAt: '',
    discoveredAt: '',
    location: '',
    narrative: '',
    injuries: '',
    bodyLocations: '',
    immediateActions: '',
    notifications: [],
    witnesses: '',
    staffInvolvedIds: [],
    fileIds: [],
    sexualAssault: false,
    physicalAssault: false,
  };
}

/** "left hip, right wrist" → ["left hip", "right wrist"] (commas or new lines). */
export function splitLocations(text: string): string[] {
  return text
    .split(/[,\n;、，]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** A stored report as the form holds it; `wall` turns epoch ms into the facility's wall-clock time. */
export function formOf(r: IncidentReport, wall: (ms: number) => string): IncidentForm {
  return {
    type: r.type,
    residentId: r.residentId ?? '',
    occurredAt: r.occurredAt ? wall(r.occurredAt) : '',
    discoveredAt: r.discoveredAt ? wall(r.discoveredAt) : '',
    location: r.location ?? '',
    narrative: r.narrative ?? '',
    injuries: r.injuries ?? '',
    bodyLocations: (r.bodyLocations ?? []).join(', '),
    immediateActions: r.immediateActions ?? '',
    notifications: (r.notifications ?? []).map((n) => ({ party: n.party, at: n.notifiedAt ? wall(n.notifiedAt) : '', by: n.by ?? '' })),
    witnesses: r.witnesses ?? '',
    staffInvolvedIds: r.staffInvolvedIds ?? [],
    fileIds: r.fileIds ?? [],
    sexualAssault: !!r.sexualAssault,
    physicalAssault: !!r.physicalAssault,
  };
}

/**
 * The call's body: only the answers the type asks (a facility incident sends no resident or injuries);
 * `epoch` turns a typed wall-clock time into epoch ms (0 for an incomplete one).
 */
export function requestOf(f: IncidentForm, epoch: (wall: string) => number): SaveIncidentDraftRequest {
  const asks = new Set(questionsFor(f.type));
  const notifications: IncidentNotification[] = f.notifications.map((n) => ({
    party: n.party,
    notifiedAt: n.at ? epoch(n.at) : 0,
    by: n.by.trim(),
  }));
  const out: SaveIncidentDraftRequest = { type: f.type };
  if (asks.has('resident') && f.residentId) out.residentId = f.residentId;
  if (f.occurredAt) out.occurredAt = epoch(f.occurredAt);
  if (f.discoveredAt) out.discoveredAt = epoch(f.discoveredAt);
  if (f.location.trim()) out.location = f.location.trim();
  if (f.narrative.trim()) out.narrative = f.narrative.trim();
  if (asks.has('injuries') && f.injuries.trim()) out.injuries = f.injuries.trim();
  if (asks.has('bodyLocations')) {
    const locations = splitLocations(f.bodyLocations);
    if (locations.length > 0) out.bodyLocations = locations;
  }
  if (f.immediateActions.trim()) out.immediateActions = f.immediateActions.trim();
  if (notifications.length > 0) out.notifications = notifications;
  if (f.witnesses.trim()) out.witnesses = f.witnesses.trim();
  if (f.staffInvolvedIds.length > 0) out.staffInvolvedIds = f.staffInvolvedIds;
  if (f.fileIds.length > 0) out.fileIds = f.fileIds;
  if (asks.has('suspicions') && f.sexualAssault) out.sexualAssault = true;
  if (asks.has('suspicions') && f.physicalAssault) out.physicalAssault = true;
  return out;
}

const LENGTHS: [keyof IncidentForm, number][] = [
  ['location', TitleMax],
  ['narrative', LongDetailsMax],
  ['injuries', DetailsMax],
  ['immediateActions', DetailsMax],
  ['witnesses', SubDetailsMax],
];

/**
 * The server's checks (shared.SaveIncidentDraftRequest): a type; lengths and counts within bounds; times
 * not in the future and found no earlier than it happened. To submit, also a resident (resident group),
 * when it was found and what happened. `epoch` reads a typed time; `now` is epoch ms.
 */
export function validateIncident(f: IncidentForm, now: number, forSubmit: boolean, epoch: (wall: string) => number): IncidentErrors {
  const e: IncidentErrors = {};
  if (!groupOf(f.type)) e.type = { key: 'incidents.rule.typeRequired' };
  const asks = new Set(questionsFor(f.type));
  for (const [field, max] of LENGTHS) {
    const v = f[field] as string;
    if (v.trim().length > max) e[field] = { key: 'incidents.rule.tooLong', values: { max } };
  }
  const locations = splitLocations(f.bodyLocations);
  if (asks.has('bodyLocations') && (locations.length > IncidentBodyLocationsMax || locations.some((l) => l.length > ShortTextMax))) {
    e.bodyLocations = { key: 'incidents.rule.bodyLocations', values: { max: IncidentBodyLocationsMax, len: ShortTextMax } };
  }
  if (f.staffInvolvedIds.length > IncidentStaffMax) e.staffInvolvedIds = { key: 'incidents.rule.tooMany', values: { max: IncidentStaffMax } };
  if (f.fileIds.length > IncidentFilesMax) e.files = { key: 'incidents.rule.tooMany', values: { max: IncidentFilesMax } };
  const occurred = f.occurredAt ? epoch(f.occurredAt) : 0;
  const discovered = f.discoveredAt ? epoch(f.discoveredAt) : 0;
  if (occurred > now) e.occurredAt = { key: 'incidents.rule.future' };
  if (discovered > now) e.discoveredAt = { key: 'incidents.rule.future' };
  else if (occurred > 0 && discovered > 0 && discovered < occurred) e.discoveredAt = { key: 'incidents.rule.discoveredBefore' };
  if (f.notifications.some((n) => n.by.trim().length > ShortTextMax)) e.notifications = { key: 'incidents.rule.tooLong', values: { max: ShortTextMax } };
  else if (f.notifications.some((n) => n.at && epoch(n.at) > now)) e.notifications = { key: 'incidents.rule.future' };
  if (forSubmit) {
    if (asks.has('resident') && !f.residentId) e.residentId = { key: 'incidents.rule.residentRequired' };
    if (!e.discoveredAt && !f.discoveredAt) e.discoveredAt = { key: 'incidents.rule.discoveredRequired' };
    if (!e.narrative && !f.narrative.trim()) e.narrative = { key: 'incidents.rule.narrativeRequired' };
  }
  return e;
}

export type DutyStatus = 'done' | 'waived' | 'overdue' | 'open';

/** Where a duty stands now: done, waived at approval, open past its deadline, or open in time. */
export function dutyStatus(d: IncidentDuty, now: number): DutyStatus {
  if (d.doneAt > 0) return 'done';
  if (d.waivedReason) return 'waived';
  if (d.overdue || (d.dueBy > 0 && d.dueBy <= now)) return 'overdue';
  return 'open';
}

/** Mandatory duties neither done nor waived: approval needs a reason for each (4022 otherwise). */
export function unmetMandatory(duties: readonly IncidentDuty[]): IncidentDuty[] {
  return duties.filter((d) => d.mandatory && d.doneAt <= 0 && !d.waivedReason);
}

/** Open duties past their deadline. */
export function overdueCount(duties: readonly IncidentDuty[], now: number): number {
  return duties.filter((d) => dutyStatus(d, now) === 'overdue').length;
}

/** A draft the reader wrote can be edited and deleted by them; nothing changes once completed. */
export function canDelete(r: Pick<IncidentReport, 'state' | 'authorId'>, userId: string | undefined): boolean {
  return r.state === IncidentDraft && !!userId && r.authorId === userId;
}

export function isClosed(r: Pick<IncidentReport, 'state'>): boolean {
  return r.state === IncidentCompleted;
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(ymd: string): string {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The list filter's date range as the call's {from, to}: from the first day's midnight up to (not including)
 * the midnight after the last day, in the facility's zone (`epoch` reads a YYYY-MM-DD day); an empty or
 * unreadable day leaves that end open.
 */
export function rangeOf(fromDay: string, toDay: string, epoch: (day: string) => number): { from?: number; to?: number } {
  const out: { from?: number; to?: number } = {};
  const ok = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
  if (ok(fromDay)) {
    const v = epoch(fromDay);
    if (v > 0) out.from = v;
  }
  if (ok(toDay)) {
    const v = epoch(nextDay(toDay));
    if (v > 0) out.to = v;
  }
  return out;
}

/**
 * The duties the law asks of the report that are still open (neither done nor waived), for the top of the
 * review: the mandatory ones first, the overdue before the rest, each group by deadline.
 */
export function lawFirst(duties: readonly IncidentDuty[], now: number): { duty: IncidentDuty; overdue: boolean }[] {
  return duties
    .filter((d) => d.mandatory && d.doneAt <= 0 && !d.waivedReason)
    .map((d) => ({ duty: d, overdue: dutyStatus(d, now) === 'overdue' }))
    .sort((a, b) => (a.overdue === b.overdue ? a.duty.dueBy - b.duty.dueBy : a.overdue ? -1 : 1));
}
