// The rules of the progress notes, vitals, care records and print range forms, as plain functions returning
// message keys (vitest: recordRules.test.ts). The server checks the same (shared/carerecord.go).
import type { FieldError, HealthMetric, HealthMetricInfo, HealthReadingInput, ProgressNote, ProgressNoteInput } from '@/types/api.gen';
import {
  AddendumReasonMax,
  AddendumTextMax,
  CareMeals,
  CareMealPercentMax,
  CareSleep,
  CareSleepHoursMax,
  MetricDiastolicBP,
  MetricSystolicBP,
  ProgressNoteTextMax,
} from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import type { RuleError } from '@/lib/form/FormField';
import { rangeProblem } from './chartData';

const req: RuleError = { key: 'carerecord.rule.required' };

/** A note typed on a card or in the note dialog. */
export interface NoteDraft {
  noteType: string;
  notes: string;
}

export type NoteErrors = Partial<Record<keyof NoteDraft, RuleError>>;

export function validateNote(d: NoteDraft): NoteErrors {
  const e: NoteErrors = {};
  if (!d.noteType) e.noteType = req;
  if (!d.notes.trim()) e.notes = req;
  else if ([...d.notes].length > ProgressNoteTextMax) e.notes = { key: 'carerecord.rule.tooLong', values: { max: ProgressNoteTextMax } };
  return e;
}

/** A card of the end-of-shift screen: one resident's note. */
export interface ShiftCard extends NoteDraft {
  residentId: string;
  residentName: string;
  /** One random id per note, kept until the server answered (a retry stores nothing twice). */
  clientId: string;
}

/** A card is written when it has a type or words; empty cards are left out of the batch. */
export const cardWritten = (c: NoteDraft) => c.noteType !== '' || c.notes.trim() !== '';

/** The cards' problems by resident; `none` when no card is written at all. */
export function validateCards(cards: readonly ShiftCard[]): { errors: Record<string, NoteErrors>; none: boolean } {
  const errors: Record<string, NoteErrors> = {};
  const written = cards.filter(cardWritten);
  for (const c of written) {
    const e = validateNote(c);
    if (Object.keys(e).length) errors[c.residentId] = e;
  }
  return { errors, none: written.length === 0 };
}

/** The batch: the written cards in the screen's order. */
export function batchNotes(cards: readonly ShiftCard[]): ProgressNoteInput[] {
  return cards.filter(cardWritten).map((c) => ({ clientId: c.clientId, residentId: c.residentId, noteType: c.noteType, notes: c.notes.trim() }));
}

/**
 * Which resident's note the server refused in a batch (4022): its field errors name it ("notes[1].notes"; an
 * index or residentId in the data is read too). undefined when it names none.
 */
export function refusedResident(err: unknown, sent: readonly ProgressNoteInput[]): string | undefined {
  if (!isApiError(err)) return undefined;
  const data = err.data as { index?: number; residentId?: string } | FieldError[] | null | undefined;
  if (data && !Array.isArray(data)) {
    if (typeof data.residentId === 'string' && data.residentId) return data.residentId;
    if (typeof data.index === 'number') return sent[data.index]?.residentId;
  }
  if (Array.isArray(data)) {
    for (const fe of data) {
      const m = /^notes\[(\d+)\]/.exec(fe?.field ?? '');
      if (m) return sent[Number(m[1])]?.residentId;
    }
  }
  return undefined;
}

/** The author may still change the note in place (the server's editable, and the window not yet over). */
export const canEdit = (n: Pick<ProgressNote, 'editable' | 'editableUntil'>, now: number) => n.editable && now < n.editableUntil;

export interface AddendumDraft {
  reason: string;
  text: string;
}

export function validateAddendum(d: AddendumDraft): Partial<Record<keyof AddendumDraft, RuleError>> {
  const e: Partial<Record<keyof AddendumDraft, RuleError>> = {};
  if (!d.reason.trim()) e.reason = req;
  else if ([...d.reason].length > AddendumReasonMax) e.reason = { key: 'carerecord.rule.tooLong', values: { max: AddendumReasonMax } };
  if (!d.text.trim()) e.text = req;
  else if ([...d.text].length > AddendumTextMax) e.text = { key: 'carerecord.rule.tooLong', values: { max: AddendumTextMax } };
  return e;
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** A typed number ("98.6", "98,6" as Spanish writes it); undefined for anything else. */
export function parseNumber(text: string): number | undefined {
  const v = text.trim();
  return NUMBER.test(v) ? Number(v.replace(',', '.')) : undefined;
}

/** The vitals typed in the dialog: text per metric, "" when not taken. */
export type VitalsDraft = Record<HealthMetric, string>;

/** The dialog's problems per metric, and the form's own when nothing is typed. */
export function validateVitals(d: VitalsDraft, metrics: readonly HealthMetricInfo[]): { errors: Record<string, RuleError>; none: boolean } {
  const errors: Record<string, RuleError> = {};
  let typed = 0;
  for (const info of metrics) {
    const text = (d[info.metric] ?? '').trim();
    if (!text) continue;
    typed++;
    const v = parseNumber(text);
    if (v === undefined) errors[info.metric] = { key: 'carerecord.rule.number' };
    else if (v < info.min || v > info.max) errors[info.metric] = { key: 'carerecord.rule.plausible', values: { min: info.min, max: info.max, unit: info.unit } };
  }
  const sys = (d[MetricSystolicBP] ?? '').trim();
  const dia = (d[MetricDiastolicBP] ?? '').trim();
  if (sys && !dia && !errors[MetricSystolicBP]) errors[MetricDiastolicBP] = { key: 'carerecord.rule.bothPressures' };
  if (dia && !sys && !errors[MetricDiastolicBP]) errors[MetricSystolicBP] = { key: 'carerecord.rule.bothPressures' };
  if (sys && dia && !errors[MetricSystolicBP] && !errors[MetricDiastolicBP]) {
    if ((parseNumber(sys) ?? 0) <= (parseNumber(dia) ?? 0)) errors[MetricDiastolicBP] = { key: 'carerecord.rule.pressureOrder' };
  }
  return { errors, none: typed === 0 };
}

/**
 * Where a typed reading stands against the resident's normal range, as the server flags it
 * (cloud/feature/carerecord normalRange.outside: below the low end or above the high end); undefined
 * while it is not a plausible number or has no range.
 */
export function normalFlag(info: HealthMetricInfo, text: string): 'low' | 'high' | undefined {
  const v = parseNumber(text);
  if (v === undefined || v < info.min || v > info.max) return undefined;
  if (info.normalLow !== undefined && info.normalLow !== null && v < info.normalLow) return 'low';
  if (info.normalHigh !== undefined && info.normalHigh !== null && v > info.normalHigh) return 'high';
  return undefined;
}

/** The readings of the dialog, in the metrics' order. */
export function vitalsReadings(d: VitalsDraft, metrics: readonly HealthMetricInfo[]): HealthReadingInput[] {
  return metrics.flatMap((info) => {
    const v = parseNumber(d[info.metric] ?? '');
    return v === undefined ? [] : [{ metric: info.metric, value: v }];
  });
}

/**
 * The server's field messages of a readings save by metric: its fields name the reading ("readings[2].value")
 * of the request, so they are mapped back to the metric sent there.
 */
export function readingErrors(fields: Record<string, string>, sent: readonly HealthReadingInput[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const m = /^readings\[(\d+)\]/.exec(field);
    const metric = m ? sent[Number(m[1])]?.metric : undefined;
    out[metric ?? field] = message;
  }
  return out;
}

/** The care given, as typed. */
export interface CareDraft {
  activity: string;
  value: string;
  assistance: string;
  note: string;
}

/** MEALS and SLEEP carry a value (% eaten, hours slept); other activities none. */
export function valueBounds(activity: string): { max: number } | undefined {
  if (activity === CareMeals) return { max: CareMealPercentMax };
  if (activity === CareSleep) return { max: CareSleepHoursMax };
  return undefined;
}

export function validateCare(d: CareDraft): Partial<Record<keyof CareDraft, RuleError>> {
  const e: Partial<Record<keyof CareDraft, RuleError>> = {};
  if (!d.activity) e.activity = req;
  const bounds = valueBounds(d.activity);
  if (bounds) {
    const v = parseNumber(d.value);
    if (!d.value.trim()) e.value = req;
    else if (v === undefined) e.value = { key: 'carerecord.rule.number' };
    else if (v < 0 || v > bounds.max) e.value = { key: 'carerecord.rule.between', values: { min: 0, max: bounds.max } };
  }
  return e;
}

/** The print range's problem (start and end required, start not after end, at most a year and a day), as a message key. */
export function printRangeProblem(startDate: string, endDate: string): RuleError | undefined {
  const p = rangeProblem(startDate, endDate);
  return p ? { key: `carerecord.rule.range.${p}` } : undefined;
}

/** The first server message about a field the form does not show (shown at the form's top instead). */
export function unshownMessage(server: Record<string, string>, shown: readonly string[]): string | undefined {
  const key = Object.keys(server).find((k) => !shown.includes(k));
  return key === undefined ? undefined : server[key];
}
