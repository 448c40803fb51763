// The phone's outbox (issue 34, docs/frontend.md "Phone app"): a write made with no network — a med pass log,
// a PRN dose and its effect check, a hold with its vital, a task completed, a note, vitals, a care record, a
// punch — is checked by the rules the desktop shell applies offline (offlineRules.ts, from shared/offline.go),
// kept in IndexedDB (outboxStore.ts) with the client id the call already takes, and answered as saved on this
// phone. outboxSend.ts sends the kept writes in order once the network is back. The reads the phone keeps
// show them: a pass kept here is logged and "waiting to send" on the /emars day, a task completed here is done.
import type {
  BatchSaveProgressNotesRequest,
  CareRecord,
  ClockInRecord,
  CompleteTaskRequest,
  EmarDay,
  LogPassRequest,
  LogPrnRequest,
  MedPass,
  PassOutcome,
  PrnFollowUpRequest,
  ProgressNote,
  SaveCareRecordRequest,
  SaveHealthReadingsRequest,
  TaskRecord,
  TodayTasks,
} from '@/types/api.gen';
import { LocalPassPrefix, PassPRN, PassScheduled, PrnFollowUpMinutes } from '@/types/api.gen';
import { followUpClock, initials, passColourOf } from '@/lib/emar/passClock';
import { randomId } from '@/lib/crypto/randomId';
import { offlinePassRule, offlinePrnRule, offlineTimeRule } from './offlineRules';
import { addEntry, type OutboxEntry, type OutboxKind } from './outboxStore';

/** The writes a phone may keep, by path: what they are and the field of their client id and time. */
export const KEPT_WRITES: Readonly<Record<string, { kind: OutboxKind; id?: string; time?: string }>> = {
  '/care/medication/logPass': { kind: 'pass', id: 'clientId', time: 'givenTime' },
  '/care/medication/logPrn': { kind: 'prn', id: 'clientId', time: 'givenTime' },
  // No client id: a second effect check answers 4009 with the first, which is ours when it says the same.
  '/care/medication/prnFollowUp': { kind: 'followUp' },
  // A scheduled occurrence only (recordId): a second completion answers alreadyCompleted and changes nothing.
  '/care/taskInfo/completeTask': { kind: 'task' },
  '/care/progressNote/batchSave': { kind: 'note' },
  '/care/healthMonitor/save': { kind: 'vitals', id: 'clientId', time: 'takenAt' },
  '/care/careMonitor/save': { kind: 'care', id: 'clientId', time: 'time' },
  '/care/caregiverClockInRecord/clockIn': { kind: 'punch', id: 'clientPunchId', time: 'punchTime' },
};

/** The prefix of a PRN dose kept here until the server gave it a pass id (shared.LocalPassPrefix). */
export const LOCAL_PASS_PREFIX = LocalPassPrefix;

/** Whether this call is a write the phone may keep (an as-needed task logged by taskId is not: it has no id). */
export function keptWriteOf(path: string, body: unknown): OutboxKind | undefined {
  const w = KEPT_WRITES[path];
  if (!w || !body || typeof body !== 'object') return undefined;
  if (w.kind === 'task' && !(body as CompleteTaskRequest).recordId) return undefined;
  if (w.kind === 'note') {
    const notes = (body as BatchSaveProgressNotesRequest).notes ?? [];
    if (notes.length === 0 || notes.some((n) => !n.clientId)) return undefined;
  }
  if (w.id && !(body as Record<string, unknown>)[w.id]) return undefined;
  return w.kind;
}

/** The person keeping a write: who (userId@tenantId), their user id and name, their facility's zone. */
export interface OutboxPerson {
  who: string;
  userId: string;
  name: string;
}

/** A refusal made here, in the server's shape: a code, what the message says (an i18n key), and its data. */
export interface KeptRefusal {
  code: '4009' | '4022';
  key: string;
  args: Record<string, string | number>;
  /** 4009: the record that came first; 4022: the broken field. */
  data?: unknown;
  field?: string;
}

export type KeepResult = { answer: unknown } | { refusal: KeptRefusal };

/** A pass of the kept /emars days, with the resident it belongs to. */
function findPass(days: readonly EmarDay[], passId: string) {
  for (const d of days) for (const r of d.residents ?? []) for (const p of r.passes ?? []) if (p.passId === passId) return { day: d, resident: r, pass: p };
  return undefined;
}

function findOrder(days: readonly EmarDay[], medicationId: string) {
  for (const d of days) for (const r of d.residents ?? []) for (const m of r.medications ?? []) if (m.medicationId === medicationId) return { resident: r, order: m };
  return undefined;
}

function findRecord(lists: readonly TodayTasks[], recordId: string): TaskRecord | undefined {
  for (const l of lists) for (const r of l.records ?? []) if (r.recordId === recordId) return r;
  return undefined;
}

/** A pass as the log makes it (status and colour of its outcome), waiting to be sent from this phone. */
export function loggedPass(p: MedPass, req: LogPassRequest, me: OutboxPerson, at: number): MedPass {
  const status = req.outcome as MedPass['status'];
  return {
    ...p,
    outcome: req.outcome,
    status,
    colour: passColourOf(status, ''),
    givenTime: at,
    loggedTime: at,
    staffId: me.userId,
    staffName: me.name,
    initials: initials(me.name),
    reason: req.reason,
    site: req.site,
    siteNote: req.siteNote,
    vitalValue: req.vitalValue,
    countBefore: req.countBefore,
    countAfter: req.countAfter,
    note: req.note,
    clientId: req.clientId,
    ...phoneMark,
  } as MedPass;
}

/** What marks an answer or a record as kept on this phone, not yet on the server. */
const phoneMark = { queued: true, keptOnPhone: true } as const;

/** Whether an answer (or a record shown) is a write kept on this phone and not yet sent. */
export function isKeptOnPhone(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { keptOnPhone?: boolean }).keptOnPhone === true;
}

function prnDose(req: LogPrnRequest, days: readonly EmarDay[], me: OutboxPerson, at: number): MedPass {
  const found = findOrder(days, req.medicationId);
  const due = at + PrnFollowUpMinutes * 60_000;
  return {
    passId: LOCAL_PASS_PREFIX + req.clientId,
    medicationId: req.medicationId,
    residentId: found?.resident.residentId ?? '',
    residentName: found?.resident.name ?? '',
    medicationName: found?.order.name ?? '',
    medicationType: found?.order.type ?? 'PRN',
    route: found?.order.route ?? 'ORAL',
    dose: req.doseGiven || found?.order.dose || '',
    kind: PassPRN,
    day: '',
    timeOfDay: '',
    dueTime: at,
    status: 'GIVEN',
    colour: passColourOf('GIVEN', followUpClock(due, at)),
    warned: false,
    outcome: 'GIVEN',
    givenTime: at,
    loggedTime: at,
    late: false,
    staffId: me.userId,
    staffName: me.name,
    initials: initials(me.name),
    reason: req.reason,
    note: req.note,
    clientId: req.clientId,
    followUpDueTime: due,
    followUpStatus: followUpClock(due, at),
    ...phoneMark,
  } as MedPass;
}

/** What the phone kept that a write is checked against: the /emars days and today's tasks of this person. */
export interface KeptForRules {
  days: readonly EmarDay[];
  tasks: readonly TodayTasks[];
  /** This person's entries already kept (a pass logged here counts as logged). */
  entries: readonly OutboxEntry[];
}

/**
 * Checks a write with no network by the desktop's offline rules, keeps it, and answers what the screen shows
 * (the call's answer as it will be, marked kept on this phone), or the refusal the server would give.
 */
export async function keepWrite(path: string, body: unknown, me: OutboxPerson, now: number, kept: KeptForRules): Promise<KeepResult> {
  const kind = keptWriteOf(path, body);
  if (!kind) throw new Error(`${path} is not a write the phone keeps`);
  const spec = KEPT_WRITES[path];
  const req = { ...(body as Record<string, unknown>) };
  const at0 = spec.time ? Number(req[spec.time] ?? 0) : 0;
  const timeRule = offlineTimeRule(at0, now);
  if (timeRule) {
    return { refusal: { code: '4022', key: timeRule === 'maximum' ? 'app.outbox.rule.future' : 'app.outbox.rule.tooOld', args: {}, field: spec.time } };
  }
  // The time it happened is now (the server's clock as reckoned here), not when it reaches the server.
  const at = at0 === 0 ? now : Math.min(at0, now);
  if (spec.time) req[spec.time] = at;
  const entry: OutboxEntry = {
    id: spec.id ? String(req[spec.id]) : '',
    who: me.who,
    path,
    kind,
    body: req,
    madeAt: now,
    state: 'WAITING',
    attempts: 0,
    nextTryAt: 0,
    label: {},
  };
  let answer: unknown;
  switch (kind) {
    case 'pass': {
      const r = req as unknown as LogPassRequest;
      const found = findPass(kept.days, r.passId);
      const mine = kept.entries.find((e) => e.kind === 'pass' && (e.body as LogPassRequest).passId === r.passId && e.id !== r.clientId);
      if (mine) {
        const first = found ? loggedPass(found.pass, mine.body as LogPassRequest, { who: mine.who, userId: '', name: mine.label.staffName ?? '' }, mine.madeAt) : undefined;
        return { refusal: { code: '4009', key: 'app.outbox.rule.logged', args: { name: mine.label.staffName ?? '', time: mine.madeAt }, data: first } };
      }
      if (found) {
        const p = found.pass;
        const rule = offlinePassRule(p.kind, p.status, !!p.outcome, p.dueTime, r.outcome, at);
        if (rule === 'logged') return { refusal: { code: '4009', key: 'app.outbox.rule.logged', args: { name: p.staffName ?? '', time: p.givenTime ?? 0 }, data: p } };
        if (rule === 'onHold') return { refusal: { code: '4009', key: 'app.outbox.rule.onHold', args: { name: p.medicationName }, data: undefined } };
        if (rule === 'scheduled') return { refusal: { code: '4022', key: 'app.outbox.rule.scheduled', args: {}, field: 'passId' } };
        if (rule === 'windowNotOpen') return { refusal: { code: '4022', key: 'app.outbox.rule.notOpen', args: { time: p.dueTime - 60 * 60_000 }, field: 'givenTime' } };
        entry.label = { residentName: found.resident.name, title: p.medicationName, passId: p.passId, outcome: r.outcome, staffName: me.name };
        answer = loggedPass(p, r, me, at);
      } else {
        // Not in a kept day: kept on the request's rules alone (the server decides), as the desktop does.
        entry.label = { passId: r.passId, outcome: r.outcome, staffName: me.name };
        answer = { passId: r.passId, kind: PassScheduled, outcome: r.outcome, status: r.outcome, givenTime: at, staffName: me.name, ...phoneMark };
      }
      break;
    }
    case 'prn': {
      const r = req as unknown as LogPrnRequest;
      const found = findOrder(kept.days, r.medicationId);
      if (found) {
        const rule = offlinePrnRule(found.order.type, found.order.status, found.order.onHold);
        if (rule === 'prn') return { refusal: { code: '4022', key: 'app.outbox.rule.notPrn', args: {}, field: 'medicationId' } };
        if (rule) return { refusal: { code: '4009', key: 'app.outbox.rule.orderNotGiven', args: { name: found.order.name } } };
      }
      answer = prnDose(r, kept.days, me, at);
      entry.label = { residentName: found?.resident.name, title: found?.order.name, passId: LOCAL_PASS_PREFIX + r.clientId, outcome: 'GIVEN', staffName: me.name };
      break;
    }
    case 'followUp': {
      const r = req as unknown as PrnFollowUpRequest;
      const found = findPass(kept.days, r.passId);
      const doneHere = kept.entries.find((e) => e.kind === 'followUp' && (e.body as PrnFollowUpRequest).passId === r.passId);
      if (doneHere && (doneHere.body as PrnFollowUpRequest).effective === r.effective && ((doneHere.body as PrnFollowUpRequest).note ?? '') === (r.note ?? '')) {
        return { answer: { ...(found?.pass ?? { passId: r.passId }), followUpEffective: r.effective, followUpStatus: 'DONE', ...phoneMark } };
      }
      const p = found?.pass;
      if (doneHere || (p && p.followUpTime)) {
        const name = doneHere ? (doneHere.label.staffName ?? '') : (p?.followUpByName ?? '');
        return { refusal: { code: '4009', key: 'app.outbox.rule.followUpDone', args: { name, time: doneHere ? doneHere.madeAt : (p?.followUpTime ?? 0) }, data: p } };
      }
      entry.id = `check-${randomId()}`;
      entry.label = { residentName: p?.residentName, title: p?.medicationName, passId: r.passId, staffName: me.name };
      answer = { ...(p ?? { passId: r.passId, kind: PassPRN }), followUpEffective: r.effective, followUpNote: r.note, followUpTime: at, followUpByName: me.name, followUpStatus: 'DONE', ...phoneMark };
      break;
    }
    case 'task': {
      const r = req as unknown as CompleteTaskRequest;
      const rec = findRecord(kept.tasks, r.recordId ?? '');
      entry.id = `task-${r.recordId}`;
      entry.label = { residentName: rec?.residentName, title: rec?.title, recordId: r.recordId, staffName: me.name };
      answer = completedRecord(rec ?? ({ recordId: r.recordId } as TaskRecord), r, me, at);
      break;
    }
    case 'note': {
      const r = req as unknown as BatchSaveProgressNotesRequest;
      r.notes = r.notes.map((n) => ({ ...n, reportDate: n.reportDate || at }));
      entry.id = r.notes[0].clientId ?? randomId();
      entry.label = { staffName: me.name };
      answer = { notes: r.notes.map((n) => keptNote(n, me, at)) };
      break;
    }
    case 'vitals': {
      const r = req as unknown as SaveHealthReadingsRequest;
      entry.label = { staffName: me.name };
      answer = { residentId: r.residentId, takenAt: at, readings: [], flagged: 0, ...phoneMark };
      break;
    }
    case 'care': {
      const r = req as unknown as SaveCareRecordRequest;
      entry.label = { staffName: me.name };
      answer = {
        recordId: LOCAL_PASS_PREFIX + r.clientId,
        residentId: r.residentId,
        residentName: '',
        activity: r.activity,
        day: '',
        time: at,
        value: r.value,
        assistance: r.assistance ?? '',
        note: r.note ?? '',
        source: 'DIRECT',
        sourceId: '',
        recordedBy: me.userId,
        recordedByName: me.name,
        createdAt: at,
        ...phoneMark,
      } satisfies CareRecord & typeof phoneMark;
      break;
    }
    case 'punch': {
      entry.label = { staffName: me.name };
      answer = { clientPunchId: entry.id, punchTime: at, caregiverName: me.name, late: false, ...phoneMark } as unknown as ClockInRecord;
      break;
    }
  }
  await addEntry(entry);
  return { answer };
}

function completedRecord(rec: TaskRecord, r: CompleteTaskRequest, me: OutboxPerson, at: number): TaskRecord {
  return {
    ...rec,
    status: 'COMPLETED',
    completedBy: me.userId,
    completedByName: me.name,
    completedAt: at,
    comment: r.comment,
    lateReason: r.lateReason ?? rec.lateReason,
    remark: r.remark ?? rec.remark,
    ...phoneMark,
  } as TaskRecord;
}

function keptNote(n: BatchSaveProgressNotesRequest['notes'][number], me: OutboxPerson, at: number): ProgressNote {
  return {
    noteId: LOCAL_PASS_PREFIX + (n.clientId ?? ''),
    residentId: n.residentId,
    residentName: '',
    reportDate: n.reportDate || at,
    notes: n.notes,
    noteType: n.noteType,
    language: n.language ?? '',
    englishNotes: '',
    authorId: me.userId,
    authorName: me.name,
    automatic: false,
    createdAt: at,
    updatedAt: at,
    editableUntil: at,
    editable: false,
    read: true,
    addenda: [],
    ...phoneMark,
  } as ProgressNote;
}

/**
 * A read as the phone shows it with the writes kept here laid over: a pass logged here is logged (waiting to
 * send), a PRN dose given here is on its resident's day, an effect documented here is done, a pass whose log
 * here lost to someone else's says so (localConflict); a task completed here is completed. Other reads as they
 * came. The data is not changed in place.
 */
export function overlayKept(path: string, data: unknown, entries: readonly OutboxEntry[]): unknown {
  if (!data || typeof data !== 'object' || entries.length === 0) return data;
  if (path === '/care/medication/listMedicationLog') return overlayDay(data as EmarDay, entries);
  if (path === '/care/taskInfo/listTodayTask') return overlayTasks(data as TodayTasks, entries);
  return data;
}

function overlayDay(day: EmarDay, entries: readonly OutboxEntry[]): EmarDay {
  const me = (e: OutboxEntry): OutboxPerson => ({ who: e.who, userId: '', name: e.label.staffName ?? '' });
  const residents = (day.residents ?? []).map((res) => {
    let passes = res.passes.map((p) => {
      let out = p;
      for (const e of entries) {
        if (e.kind === 'pass' && (e.body as LogPassRequest).passId === p.passId) {
          if (e.state === 'WAITING' && !p.outcome) out = loggedPass(p, e.body as LogPassRequest, me(e), e.madeAt);
          if (e.state === 'CONFLICT') {
            out = { ...out, localConflict: { clientId: e.id, staffName: e.label.staffName ?? '', outcome: e.label.outcome as PassOutcome, givenTime: e.madeAt, onPhone: true } } as MedPass;
          }
        }
        if (e.kind === 'followUp' && e.state === 'WAITING' && (e.body as PrnFollowUpRequest).passId === p.passId && !p.followUpTime) {
          const r = e.body as PrnFollowUpRequest;
          out = { ...out, followUpEffective: r.effective, followUpNote: r.note, followUpTime: e.madeAt, followUpByName: e.label.staffName, followUpStatus: 'DONE', colour: passColourOf(out.status, 'DONE'), ...phoneMark } as MedPass;
        }
      }
      return out;
    });
    for (const e of entries) {
      const r = e.body as LogPrnRequest;
      if (e.kind !== 'prn' || e.state !== 'WAITING' || !res.medications.some((m) => m.medicationId === r.medicationId)) continue;
      if (passes.some((p) => p.passId === LOCAL_PASS_PREFIX + r.clientId || (p as MedPass & { clientId?: string }).clientId === r.clientId)) continue;
      let dose = prnDose(r, [day], me(e), e.madeAt);
      const check = entries.find((c) => c.kind === 'followUp' && c.state === 'WAITING' && (c.body as PrnFollowUpRequest).passId === dose.passId);
      if (check) {
        const f = check.body as PrnFollowUpRequest;
        dose = { ...dose, followUpEffective: f.effective, followUpNote: f.note, followUpTime: check.madeAt, followUpByName: check.label.staffName, followUpStatus: 'DONE', colour: passColourOf('GIVEN', 'DONE') };
      }
      passes = [...passes, dose];
    }
    return { ...res, passes };
  });
  return { ...day, residents };
}

function overlayTasks(tasks: TodayTasks, entries: readonly OutboxEntry[]): TodayTasks {
  const waiting = new Map<string, OutboxEntry>();
  for (const e of entries) if (e.kind === 'task' && e.state === 'WAITING') waiting.set((e.body as CompleteTaskRequest).recordId ?? '', e);
  if (waiting.size === 0) return tasks;
  let completed = tasks.completed;
  const records = (tasks.records ?? []).map((rec) => {
    const e = waiting.get(rec.recordId);
    if (!e || rec.status === 'COMPLETED') return rec;
    completed++;
    return completedRecord(rec, e.body as CompleteTaskRequest, { who: e.who, userId: '', name: e.label.staffName ?? '' }, e.madeAt);
  });
  return { ...tasks, records, completed };
}
