// The med pass's rules, as the pass dialog, the PRN dialog and the effect check apply them before a
// call (the server checks the same, cloud/feature/medication/log.go): which outcomes need a reason,
// which fields a given dose needs (the vital first, an application site, controlled counts), and the
// requests they make. Rules answer message keys (lib/form RuleError), never words.
import {
  ControlledCountMax,
  MedicationDoseMax,
  OutcomeGiven,
  OutcomeHeld,
  OutcomeNotGiven,
  OutcomeRefused,
  PassDone,
  PassNoteMax,
  PassOnHold,
  PassClockSkewSeconds,
  PassLogMaxAgeDays,
  PassOverdue,
  PassPRN,
  PassReasonMax,
  PassWindowMinutes,
  RouteIntradermal,
  RouteIntramuscular,
  RouteSubcutaneous,
  RouteTopical,
  RouteTransdermal,
  ShortTextMax,
  SiteAbdomenLeft,
  SiteAbdomenRight,
  SiteAffectedArea,
  SiteButtockLeft,
  SiteButtockRight,
  SiteChestLeft,
  SiteChestRight,
  SiteOther,
  SiteThighLeft,
  SiteThighRight,
  SiteUpperArmLeft,
  SiteUpperArmRight,
  SiteUpperBackLeft,
  SiteUpperBackRight,
  type ApplicationSite,
  type LogPassRequest,
  type LogPrnRequest,
  type Medication,
  type MedPass,
  type PassOutcome,
  type PassStatus,
  type PrnFollowUpRequest,
} from '@/types/api.gen';
import type { RuleError } from '@/lib/form/FormField';
import { zonedWallToEpoch } from '@/lib/time/zone';
import { checkVital, mustHold, readingValue, type VitalCheck, type VitalOrder } from './vitals';
import { randomId } from '@/lib/crypto/randomId';
import { passOpen } from './passClock';

/** The four outcomes, in the order the pass dialog offers them. */
export const OUTCOMES: readonly PassOutcome[] = [OutcomeGiven, OutcomeRefused, OutcomeHeld, OutcomeNotGiven];

/** shared.SiteRoutes: the routes whose given doses need an application site (spec 000 §5). */
export const SITE_ROUTES: readonly string[] = [RouteTransdermal, RouteSubcutaneous, RouteIntramuscular, RouteIntradermal, RouteTopical];

/** The application sites in the list's order (shared.ApplicationSite). */
export const SITES: readonly ApplicationSite[] = [
  SiteAbdomenLeft,
  SiteAbdomenRight,
  SiteUpperArmLeft,
  SiteUpperArmRight,
  SiteThighLeft,
  SiteThighRight,
  SiteButtockLeft,
  SiteButtockRight,
  SiteUpperBackLeft,
  SiteUpperBackRight,
  SiteChestLeft,
  SiteChestRight,
  SiteAffectedArea,
  SiteOther,
];

/** The part of an order the pass rules read. */
export type PassOrder = VitalOrder & Pick<Medication, 'route' | 'siteRequired' | 'controlled' | 'onHold'>;

/** A given dose of this order needs an application site ("application site must be chosen", spec 000 §5). */
export function needsSite(order: Pick<Medication, 'route' | 'siteRequired'>): boolean {
  return order.siteRequired || SITE_ROUTES.includes(order.route);
}

/**
 * When a dose is logged against its time: inside its window, or after it closed. Before the window opens
 * nothing is logged at all (shared/passclock.go PassOpen: the dialog shows when it opens instead of the form).
 */
export type Timing = 'onTime' | 'late';

export function passTiming(status: PassStatus): Timing {
  return status === PassOverdue ? 'late' : 'onTime';
}

/**
 * Whether logging `outcome` needs a reason: refused, held and not given always (WAC 388-76-10475: the
 * log says why a dose was not given); a dose given after its window closed too, so the record says why it
 * was not given on time.
 */
export function reasonRequired(outcome: PassOutcome | '', status: PassStatus): boolean {
  if (outcome === '') return false;
  if (outcome !== OutcomeGiven) return true;
  return passTiming(status) === 'late';
}

/** The pass can no longer be given: the prescriber holds the order (it may still be logged held or not given). */
export function givingBlocked(order: Pick<Medication, 'onHold'> | undefined, status: PassStatus): boolean {
  return status === PassOnHold || !!order?.onHold;
}

/** What the caregiver fills in for a scheduled pass. */
export interface PassDraft {
  outcome: PassOutcome | '';
  reason: string;
  /** The vital's reading as typed. */
  reading: string;
  site: ApplicationSite | '';
  siteNote: string;
  countBefore: string;
  countAfter: string;
  note: string;
  /**
   * When it happened, "YYYY-MM-DDTHH:mm" on the facility's clock, for a pass charted after its window;
   * "" (or the time the form was opened, unchanged) is now.
   */
  givenAt: string;
}

export const EMPTY_PASS_DRAFT: PassDraft = {
  outcome: '',
  reason: '',
  reading: '',
  site: '',
  siteNote: '',
  countBefore: '',
  countAfter: '',
  note: '',
  givenAt: '',
};

export type PassField = 'outcome' | 'reason' | 'vitalValue' | 'site' | 'siteNote' | 'countBefore' | 'countAfter' | 'doseGiven' | 'note' | 'givenTime';

/** The facility's clock a draft's time is read on: its zone, now, and the time the form showed at first. */
export interface PassClock {
  zone: string | undefined;
  now: number;
  /** The pass's time (epoch ms): a dose cannot have happened before its window opened. */
  due?: number;
  /** The "when it happened" the form started with (now, when opened): unchanged, it means now. */
  opened?: string;
}

/** The time a draft says the dose happened, in epoch ms; undefined for now. */
export function givenTimeOf(givenAt: string, clock: PassClock): number | undefined {
  if (givenAt === '' || givenAt === clock.opened) return undefined;
  const ms = zonedWallToEpoch(givenAt, clock.zone);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * When it happened: a real time, not ahead of now (the server's 2-minute skew), at most 7 days back
 * (PassLogMaxAgeDays), and not before the pass's window opened.
 */
export function givenTimeError(givenAt: string, clock: PassClock): RuleError | undefined {
  if (givenAt === '' || givenAt === clock.opened) return undefined;
  const ms = zonedWallToEpoch(givenAt, clock.zone);
  if (Number.isNaN(ms)) return { key: 'care.emar.rule.givenAt' };
  if (ms > clock.now + PassClockSkewSeconds * 1000) return { key: 'care.emar.rule.givenAtFuture' };
  if (ms < clock.now - PassLogMaxAgeDays * 86_400_000) return { key: 'care.emar.rule.givenAtOld', values: { days: PassLogMaxAgeDays } };
  if (clock.due !== undefined && !passOpen(clock.due, ms)) return { key: 'care.emar.rule.givenAtBeforeWindow', values: { minutes: PassWindowMinutes } };
  return undefined;
}
export type PassErrors = Partial<Record<PassField, RuleError>>;

/** The rule a vital check breaks, if any (a hold is no mistake: it decides the outcome instead). */
export function vitalError(check: VitalCheck, required: boolean): RuleError | undefined {
  switch (check.kind) {
    case 'empty':
      return required ? { key: 'care.emar.vitalInput.required' } : undefined;
    case 'notNumber':
      return { key: 'care.emar.vitalInput.notNumber' };
    case 'range':
      return { key: 'care.emar.vitalInput.range', values: { min: check.min, max: check.max } };
    default:
      return undefined;
  }
}

const WHOLE = /^\d+$/;

/** A controlled substance's count as typed: a whole number from 0 to ControlledCountMax. */
export function parseCount(text: string): number | undefined {
  const v = text.trim();
  if (!WHOLE.test(v)) return undefined;
  const n = Number(v);
  return n <= ControlledCountMax ? n : undefined;
}

/** Counts before and after a given dose of a controlled substance: both, whole, after not above before. */
function countErrors(before: string, after: string): PassErrors {
  const out: PassErrors = {};
  const b = parseCount(before);
  const a = parseCount(after);
  if (before.trim() === '') out.countBefore = { key: 'care.emar.rule.countRequired' };
  else if (b === undefined) out.countBefore = { key: 'care.emar.rule.countWhole', values: { max: ControlledCountMax } };
  if (after.trim() === '') out.countAfter = { key: 'care.emar.rule.countRequired' };
  else if (a === undefined) out.countAfter = { key: 'care.emar.rule.countWhole', values: { max: ControlledCountMax } };
  if (a !== undefined && b !== undefined && a > b) out.countAfter = { key: 'care.emar.rule.countOrder' };
  return out;
}

function siteErrors(order: PassOrder, site: string, siteNote: string): PassErrors {
  const out: PassErrors = {};
  if (needsSite(order) && site === '') out.site = { key: 'care.emar.rule.site' };
  if (site === SiteOther && siteNote.trim() === '') out.siteNote = { key: 'care.emar.rule.siteNote' };
  if (siteNote.trim().length > ShortTextMax) out.siteNote = { key: 'care.emar.rule.tooLong', values: { max: ShortTextMax } };
  return out;
}

function textErrors(field: 'reason' | 'note', text: string, max: number): PassErrors {
  return text.trim().length > max ? { [field]: { key: 'care.emar.rule.tooLong', values: { max } } } : {};
}

/** The message for a missing reason: why not given, or why given late. */
function reasonKey(outcome: PassOutcome): string {
  return outcome === OutcomeGiven ? 'care.emar.rule.reasonLate' : 'care.emar.rule.reason';
}

/** The rules of a scheduled pass's log, before it is sent (with the clock, the time it happened too). */
export function validatePass(draft: PassDraft, order: PassOrder, status: PassStatus, clock?: PassClock): PassErrors {
  if (draft.outcome === '') return { outcome: { key: 'care.emar.rule.outcome' } };
  const outcome = draft.outcome;
  const given = outcome === OutcomeGiven;
  let errors: PassErrors = {};
  const when = clock ? givenTimeError(draft.givenAt, clock) : undefined;
  if (when) errors.givenTime = when;
  if (reasonRequired(outcome, status) && draft.reason.trim() === '') errors.reason = { key: reasonKey(outcome) };
  errors = { ...errors, ...textErrors('reason', draft.reason, PassReasonMax), ...textErrors('note', draft.note, PassNoteMax) };
  const check = checkVital(order, draft.reading);
  // The reading is needed to give or hold; when typed for a refusal it must still be a reading.
  const vital = vitalError(check, given || outcome === OutcomeHeld);
  if (vital) errors.vitalValue = vital;
  if (!given) return errors;
  if (givingBlocked(order, status)) errors.outcome = { key: 'care.emar.rule.onHold' };
  else if (mustHold(check)) errors.outcome = { key: 'care.emar.rule.mustHold' };
  errors = { ...errors, ...siteErrors(order, draft.site, draft.siteNote) };
  if (order.controlled) errors = { ...errors, ...countErrors(draft.countBefore, draft.countAfter) };
  return errors;
}

/** The outcome the reading decides: HELD when it is outside the hold limits, else what was chosen. */
export function outcomeForReading(draft: PassDraft, order: PassOrder): PassOutcome | '' {
  return mustHold(checkVital(order, draft.reading)) && draft.outcome !== OutcomeRefused && draft.outcome !== OutcomeNotGiven
    ? OutcomeHeld
    : draft.outcome;
}

/** A trimmed optional text, or nothing. */
const opt = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The logPass request of a valid draft. Fields the outcome does not use are not sent. */
export function passRequest(draft: PassDraft, order: PassOrder, passId: string, clientId: string, clock?: PassClock): LogPassRequest {
  const outcome = draft.outcome as PassOutcome;
  const given = outcome === OutcomeGiven;
  const reading = readingValue(checkVital(order, draft.reading));
  const givenTime = clock ? givenTimeOf(draft.givenAt, clock) : undefined;
  return {
    passId,
    clientId,
    outcome,
    ...(givenTime !== undefined ? { givenTime } : {}),
    reason: opt(draft.reason),
    note: opt(draft.note),
    vitalValue: reading,
    ...(given && draft.site ? { site: draft.site, siteNote: draft.site === SiteOther ? opt(draft.siteNote) : undefined } : {}),
    ...(given && order.controlled ? { countBefore: parseCount(draft.countBefore), countAfter: parseCount(draft.countAfter) } : {}),
  };
}

/** What the caregiver fills in for a PRN dose given now. */
export interface PrnDraft {
  medicationId: string;
  reason: string;
  reading: string;
  site: ApplicationSite | '';
  siteNote: string;
  countBefore: string;
  countAfter: string;
  /** Empty: the order's dose (a PRN order may allow a range, "1–2 tablets"). */
  doseGiven: string;
  note: string;
}

export const EMPTY_PRN_DRAFT: PrnDraft = {
  medicationId: '',
  reason: '',
  reading: '',
  site: '',
  siteNote: '',
  countBefore: '',
  countAfter: '',
  doseGiven: '',
  note: '',
};

export type PrnField = PassField | 'medicationId';
export type PrnErrors = Partial<Record<PrnField, RuleError>>;

/** The rules of a PRN dose: the order chosen, why it was needed, and what a given dose of the order needs. */
export function validatePrn(draft: PrnDraft, order: PassOrder | undefined): PrnErrors {
  if (!order) return { medicationId: { key: 'care.emar.rule.prnOrder' } };
  let errors: PrnErrors = {};
  if (draft.reason.trim() === '') errors.reason = { key: 'care.emar.rule.prnReason' };
  errors = { ...errors, ...textErrors('reason', draft.reason, PassReasonMax), ...textErrors('note', draft.note, PassNoteMax) };
  if (draft.doseGiven.trim().length > MedicationDoseMax) errors.doseGiven = { key: 'care.emar.rule.tooLong', values: { max: MedicationDoseMax } };
  const check = checkVital(order, draft.reading);
  const vital = vitalError(check, true);
  if (vital) errors.vitalValue = vital;
  else if (mustHold(check)) errors.vitalValue = { key: 'care.emar.rule.prnHold' };
  if (order.onHold) errors.medicationId = { key: 'care.emar.rule.onHold' };
  errors = { ...errors, ...siteErrors(order, draft.site, draft.siteNote) };
  if (order.controlled) errors = { ...errors, ...countErrors(draft.countBefore, draft.countAfter) };
  return errors;
}

/** The logPrn request of a valid draft. */
export function prnRequest(draft: PrnDraft, order: PassOrder, clientId: string): LogPrnRequest {
  return {
    medicationId: draft.medicationId,
    clientId,
    reason: draft.reason.trim(),
    note: opt(draft.note),
    doseGiven: opt(draft.doseGiven),
    vitalValue: readingValue(checkVital(order, draft.reading)),
    ...(draft.site ? { site: draft.site, siteNote: draft.site === SiteOther ? opt(draft.siteNote) : undefined } : {}),
    ...(order.controlled ? { countBefore: parseCount(draft.countBefore), countAfter: parseCount(draft.countAfter) } : {}),
  };
}

/** A PRN dose's effectiveness, as documented. */
export interface FollowUpDraft {
  effective: '' | 'yes' | 'no';
  note: string;
}

export type FollowUpErrors = Partial<Record<'effective' | 'note', RuleError>>;

/** Effective or not must be said; when it did not help, the note says what happened. */
export function validateFollowUp(draft: FollowUpDraft): FollowUpErrors {
  const errors: FollowUpErrors = {};
  if (draft.effective === '') errors.effective = { key: 'care.emar.rule.effective' };
  if (draft.effective === 'no' && draft.note.trim() === '') errors.note = { key: 'care.emar.rule.effectNote' };
  if (draft.note.trim().length > PassNoteMax) errors.note = { key: 'care.emar.rule.tooLong', values: { max: PassNoteMax } };
  return errors;
}

export function followUpRequest(draft: FollowUpDraft, passId: string): PrnFollowUpRequest {
  return { passId, effective: draft.effective === 'yes', note: opt(draft.note) };
}

/** A PRN dose whose effectiveness check is still to document. */
export function followUpPending(p: MedPass): boolean {
  return p.kind === PassPRN && !!p.followUpDueTime && !!p.followUpStatus && p.followUpStatus !== PassDone;
}

/** A red item an owner or admin may acknowledge (an overdue pass or PRN check, not yet acknowledged). */
export function canAcknowledge(p: MedPass): boolean {
  return p.colour === 'RED' && !p.ackTime;
}

/** The most recent dose of a PRN order among the day's passes. */
export function lastPrnDose(passes: readonly MedPass[], medicationId: string): MedPass | undefined {
  let last: MedPass | undefined;
  for (const p of passes) {
    if (p.kind === PassPRN && p.medicationId === medicationId && (!last || (p.givenTime ?? 0) > (last.givenTime ?? 0))) last = p;
  }
  return last;
}

/** A new id for one log, kept until the server answered (a retry sends the same log again). */
export function newClientId(): string {
  return randomId();
}

/** The scheduled outcomes a held or refused reading leaves: Given is not one of them when the reading holds. */
export function outcomeAllowed(outcome: PassOutcome, order: PassOrder | undefined, status: PassStatus, reading: string): boolean {
  if (outcome !== OutcomeGiven) return true;
  if (givingBlocked(order, status)) return false;
  return !order || !mustHold(checkVital(order, reading));
}

/** A resident's PRN orders that can be given now: current, by name (on hold ones too, shown as such). */
export function prnOrders(resident: { medications: readonly Medication[] }): Medication[] {
  return resident.medications
    .filter((m) => m.type === 'PRN' && m.status === 'CURRENT')
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What the desktop shell adds to a pass in the owner's window (shared.DesktopMedPass): a log kept on this
 * computer while the cloud did not answer (queued), or one the cloud refused because someone logged the pass
 * first (localConflict; the pass shows theirs). In a browser neither is ever set.
 */
export interface DevicePassFields {
  queued?: boolean;
  /** onPhone: the log was kept on this phone (lib/phone/outbox.ts), not on the desktop computer. */
  localConflict?: { clientId: string; staffName: string; outcome?: PassOutcome; givenTime: number; onPhone?: boolean };
}

export type PassOnDevice = MedPass & DevicePassFields;

/** The answer to a write the desktop shell kept to send later. */
export function isQueued(answer: MedPass | undefined): boolean {
  return !!(answer as PassOnDevice | undefined)?.queued;
}

/** This computer's offline log that lost to someone else's, if any. */
export function localConflictOf(p: MedPass): DevicePassFields['localConflict'] {
  return (p as PassOnDevice).localConflict ?? undefined;
}
