import { describe, expect, it } from 'vitest';
import type { IncidentDuty } from '@/types/api.gen';
import { IncidentFilesMax, LongDetailsMax } from '@/types/api.gen';
import {
  lawFirst,
  canDelete,
  dutyStatus,
  emptyForm,
  groupOf,
  overdueCount,
  questionsFor,
  rangeOf,
  requestOf,
  splitLocations,
  unmetMandatory,
  validateIncident,
  type IncidentForm,
} from './incidentRules';

// Wall-clock times read as UTC here: the rules take the reader (the facility's zone) from the caller.
const epoch = (w: string) => Date.parse(`${w}:00Z`);
const NOW = Date.parse('2026-11-24T12:00:00Z');
const form = (patch: Partial<IncidentForm>): IncidentForm => ({ ...emptyForm(), ...patch });

describe('questions by type', () => {
  it('asks a resident incident for the resident, injuries and body location', () => {
    expect(groupOf('FALL')).toBe('RESIDENT');
    expect(questionsFor('FALL')).toEqual(expect.arrayContaining(['resident', 'injuries', 'bodyLocations', 'narrative', 'files']));
    expect(questionsFor('FALL')[0]).toBe('resident');
  });

  it('asks an incident of the home for neither resident nor injuries', () => {
    expect(groupOf('POWER_OUTAGE')).toBe('FACILITY');
    const q = questionsFor('POWER_OUTAGE');
    expect(q).not.toContain('resident');
    expect(q).not.toContain('injuries');
    expect(q).toContain('discoveredAt');
  });

  it('asks nothing before a type is chosen', () => {
    expect(groupOf('')).toBe('');
    expect(questionsFor('NOPE')).toEqual([]);
  });
});

describe('the request', () => {
  it('sends only what the type asks, times as epoch ms and body locations as a list', () => {
    const f = form({ type: 'POWER_OUTAGE', residentId: 'r1', injuries: 'cut', discoveredAt: '2026-11-24T03:10', narrative: ' Lights out ' });
    const req = requestOf(f, epoch);
    expect(req).toEqual({ type: 'POWER_OUTAGE', discoveredAt: Date.parse('2026-11-24T03:10:00Z'), narrative: 'Lights out' });
    const fall = requestOf(form({ type: 'FALL', residentId: 'r1', bodyLocations: 'left hip, right wrist', notifications: [{ party: 'FAMILY', at: '2026-11-24T04:00', by: '' }] }), epoch);
    expect(fall.residentId).toBe('r1');
    expect(fall.bodyLocations).toEqual(['left hip', 'right wrist']);
    expect(requestOf(form({ type: 'STAFF_TO_RESIDENT', physicalAssault: true }), epoch).physicalAssault).toBe(true);
    expect(requestOf(form({ type: 'FIRE', physicalAssault: true }), epoch).physicalAssault).toBeUndefined();
    expect(fall.notifications).toEqual([{ party: 'FAMILY', notifiedAt: Date.parse('2026-11-24T04:00:00Z'), by: '' }]);
  });

  it('splits body locations on commas, semicolons and new lines (Chinese commas too)', () => {
    expect(splitLocations('左髋，右手腕\n head ;')).toEqual(['左髋', '右手腕', 'head']);
  });
});

describe('validation mirrors the server', () => {
  it('needs a type', () => {
    expect(validateIncident(form({}), NOW, false, epoch).type).toBeDefined();
  });

  it('lets a draft be saved half written, but submit needs resident, found time and narrative', () => {
    const f = form({ type: 'FALL' });
    expect(validateIncident(f, NOW, false, epoch)).toEqual({});
    const e = validateIncident(f, NOW, true, epoch);
    expect(Object.keys(e).sort()).toEqual(['discoveredAt', 'narrative', 'residentId']);
    expect(validateIncident(form({ type: 'FIRE' }), NOW, true, epoch).residentId).toBeUndefined();
  });

  it('refuses times in the future and a find before the event', () => {
    expect(validateIncident(form({ type: 'FIRE', occurredAt: '2026-11-25T00:00' }), NOW, false, epoch).occurredAt?.key).toBe('incidents.rule.future');
    const e = validateIncident(form({ type: 'FIRE', occurredAt: '2026-11-24T05:00', discoveredAt: '2026-11-24T04:00' }), NOW, false, epoch);
    expect(e.discoveredAt?.key).toBe('incidents.rule.discoveredBefore');
  });

  it('keeps the bounds of shared/', () => {
    const long = 'x'.repeat(LongDetailsMax + 1);
    expect(validateIncident(form({ type: 'FIRE', narrative: long }), NOW, false, epoch).narrative?.values).toEqual({ max: LongDetailsMax });
    const files = Array.from({ length: IncidentFilesMax + 1 }, (_, i) => `f${i}`);
    expect(validateIncident(form({ type: 'FIRE', fileIds: files }), NOW, false, epoch).files).toBeDefined();
  });
});

const duty = (patch: Partial<IncidentDuty>): IncidentDuty => ({
  dutyId: 'd',
  code: 'DSHS_HOTLINE',
  mandatory: true,
  dueBy: NOW - 1,
  source: 'RCW 74.34.035',
  doneBy: '',
  doneAt: 0,
  waivedReason: '',
  overdue: false,
  reference: '',
  ...patch,
});

describe('reporting duties', () => {
  it('reads done, waived, overdue and open', () => {
    expect(dutyStatus(duty({ doneAt: NOW - 5 }), NOW)).toBe('done');
    expect(dutyStatus(duty({ waivedReason: 'Family unreachable' }), NOW)).toBe('waived');
    expect(dutyStatus(duty({}), NOW)).toBe('overdue');
    expect(dutyStatus(duty({ dueBy: NOW + 60_000 }), NOW)).toBe('open');
    expect(dutyStatus(duty({ dueBy: NOW + 60_000, overdue: true }), NOW)).toBe('overdue');
    expect(overdueCount([duty({}), duty({ doneAt: 1 }), duty({ dueBy: NOW + 1 })], NOW)).toBe(1);
  });

  it('lists the mandatory duties approval needs a reason for', () => {
    const list = [duty({ dutyId: 'a' }), duty({ dutyId: 'b', mandatory: false }), duty({ dutyId: 'c', doneAt: 1 }), duty({ dutyId: 'd', waivedReason: 'x' })];
    expect(unmetMandatory(list).map((d) => d.dutyId)).toEqual(['a']);
  });
});

describe('drafts and ranges', () => {
  it('lets only the author delete a draft', () => {
    expect(canDelete({ state: 'DRAFT', authorId: 'u1' }, 'u1')).toBe(true);
    expect(canDelete({ state: 'DRAFT', authorId: 'u1' }, 'u2')).toBe(false);
    expect(canDelete({ state: 'PENDING_REVIEW', authorId: 'u1' }, 'u1')).toBe(false);
  });

  it('turns the days of the filter into [from, to) epoch ms', () => {
    const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
    expect(rangeOf('2026-11-01', '2026-11-30', day)).toEqual({ from: day('2026-11-01'), to: day('2026-12-01') });
    expect(rangeOf('', 'nope', day)).toEqual({});
  });
});

describe('the law first', () => {
  const dutyOf = (code: string, over: Partial<IncidentDuty>): IncidentDuty =>
    ({ dutyId: code, code, mandatory: true, dueBy: 0, source: '', doneBy: '', doneAt: 0, waivedReason: '', overdue: false, reference: '', ...over }) as IncidentDuty;
  it('lists the open mandatory duties, the overdue first, each by deadline', () => {
    const now = 10_000;
    const out = lawFirst(
      [
        dutyOf('NOTIFY_FAMILY', { dueBy: 20_000 }),
        dutyOf('DSHS_HOTLINE', { dueBy: 5_000 }),
        dutyOf('NOTIFY_PHYSICIAN', { dueBy: 15_000 }),
        dutyOf('LAW_ENFORCEMENT', { dueBy: 1_000, doneAt: 2_000 }),
        dutyOf('NOTIFY_CASE_MANAGER', { dueBy: 1_000, waivedReason: 'on leave' }),
        dutyOf('REVIEW_MEDICATIONS', { dueBy: 1_000, mandatory: false }),
      ],
      now,
    );
    expect(out.map((o) => [o.duty.code, o.overdue])).toEqual([
      ['DSHS_HOTLINE', true],
      ['NOTIFY_PHYSICIAN', false],
      ['NOTIFY_FAMILY', false],
    ]);
  });
});
