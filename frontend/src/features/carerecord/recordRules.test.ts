import { describe, expect, it } from 'vitest';
import type { HealthMetricInfo } from '@/types/api.gen';
import { ApiError } from '@/lib/api/client';
import {
  batchNotes,
  canEdit,
  normalFlag,
  printRangeProblem,
  readingErrors,
  refusedResident,
  validateAddendum,
  validateCards,
  validateCare,
  validateVitals,
  vitalsReadings,
  type ShiftCard,
  type VitalsDraft,
} from './recordRules';

const card = (residentId: string, noteType = '', notes = ''): ShiftCard => ({ residentId, residentName: residentId, clientId: `c-${residentId}-123`, noteType, notes });
const info = (metric: string, min: number, max: number): HealthMetricInfo => ({ metric, unit: 'u', min, max, step: 1, own: false });
const METRICS = [info('SYSTOLIC_BP', 60, 260), info('DIASTOLIC_BP', 30, 160), info('TEMPERATURE', 90, 108)];
const vitals = (d: Partial<VitalsDraft>): VitalsDraft => d as VitalsDraft;

describe('end-of-shift notes', () => {
  it('empty cards are left out; a written card needs a type and words', () => {
    const cards = [card('a', 'OTHER', '  Slept well  '), card('b'), card('c', '', 'Ate half'), card('d', 'SLEEP_PATTERNS', ' ')];
    const { errors, none } = validateCards(cards);
    expect(none).toBe(false);
    expect(Object.keys(errors)).toEqual(['c', 'd']);
    expect(errors.c.noteType?.key).toBe('carerecord.rule.required');
    expect(errors.d.notes?.key).toBe('carerecord.rule.required');
    expect(batchNotes(cards).map((n) => [n.residentId, n.notes])).toEqual([
      ['a', 'Slept well'],
      ['c', 'Ate half'],
      ['d', ''],
    ]);
  });
  it('nothing written at all is its own problem', () => {
    expect(validateCards([card('a'), card('b')]).none).toBe(true);
  });
  it('the refused note is found by index, resident or field', () => {
    const sent = batchNotes([card('a', 'OTHER', 'x'), card('b', 'OTHER', 'y')]);
    const err = (data: unknown) => new ApiError('Note 2 (Rose Park): too long', { code: '4022', data, reaction: { kind: 'none' } });
    expect(refusedResident(err({ index: 1, residentId: '' }), sent)).toBe('b');
    expect(refusedResident(err({ index: 0, residentId: 'a' }), sent)).toBe('a');
    expect(refusedResident(err([{ field: 'notes[1].notes', rule: 'maxLength', message: 'too long' }]), sent)).toBe('b');
    expect(refusedResident(err(null), sent)).toBeUndefined();
    expect(refusedResident(new Error('x'), sent)).toBeUndefined();
  });
  it('edit in place only while the server allows it and the window is open', () => {
    expect(canEdit({ editable: true, editableUntil: 2000 }, 1000)).toBe(true);
    expect(canEdit({ editable: true, editableUntil: 2000 }, 2000)).toBe(false);
    expect(canEdit({ editable: false, editableUntil: 2000 }, 1000)).toBe(false);
  });
  it('an addendum needs a reason and words', () => {
    expect(Object.keys(validateAddendum({ reason: ' ', text: '' }))).toEqual(['reason', 'text']);
    expect(validateAddendum({ reason: 'Late entry', text: 'Called the family' })).toEqual({});
  });
});

describe('vitals', () => {
  it('a reading outside the plausible range is a typing mistake; a decimal comma is read', () => {
    const { errors } = validateVitals(vitals({ SYSTOLIC_BP: '400', DIASTOLIC_BP: '20', TEMPERATURE: '98,6' }), METRICS);
    expect(errors.SYSTOLIC_BP).toEqual({ key: 'carerecord.rule.plausible', values: { min: 60, max: 260, unit: 'u' } });
    expect(errors.DIASTOLIC_BP?.key).toBe('carerecord.rule.plausible');
    expect(errors.TEMPERATURE).toBeUndefined();
    expect(vitalsReadings(vitals({ TEMPERATURE: '98,6' }), METRICS)).toEqual([{ metric: 'TEMPERATURE', value: 98.6 }]);
  });
  it('blood pressure comes in pairs, systolic above diastolic', () => {
    expect(validateVitals(vitals({ SYSTOLIC_BP: '120' }), METRICS).errors.DIASTOLIC_BP?.key).toBe('carerecord.rule.bothPressures');
    expect(validateVitals(vitals({ SYSTOLIC_BP: '80', DIASTOLIC_BP: '90' }), METRICS).errors.DIASTOLIC_BP?.key).toBe('carerecord.rule.pressureOrder');
    expect(validateVitals(vitals({ SYSTOLIC_BP: '168', DIASTOLIC_BP: '95' }), METRICS).errors).toEqual({});
  });
  it("a reading outside the resident's normal range is flagged as it is typed, as the server flags it (ends inclusive)", () => {
    const hr = { ...info('HEART_RATE', 20, 250), normalLow: 60, normalHigh: 100 };
    expect(normalFlag(hr, '59')).toBe('low');
    expect(normalFlag(hr, '60')).toBeUndefined();
    expect(normalFlag(hr, '100')).toBeUndefined();
    expect(normalFlag(hr, '100,5')).toBe('high');
    // Not yet a reading, or a typing mistake (the plausible range says so instead): no flag.
    expect(normalFlag(hr, '')).toBeUndefined();
    expect(normalFlag(hr, '9')).toBeUndefined();
    expect(normalFlag(hr, '1e3')).toBeUndefined();
    // Only a high end set.
    expect(normalFlag({ ...info('PAIN', 0, 10), normalHigh: 3 }, '4')).toBe('high');
    expect(normalFlag(info('PAIN', 0, 10), '9')).toBeUndefined();
  });
  it('nothing typed; not a number', () => {
    expect(validateVitals(vitals({}), METRICS).none).toBe(true);
    expect(validateVitals(vitals({ TEMPERATURE: 'warm' }), METRICS).errors.TEMPERATURE?.key).toBe('carerecord.rule.number');
  });
  it("the server's messages land on the metric sent at that place", () => {
    const sent = [{ metric: 'SYSTOLIC_BP', value: 400 }, { metric: 'TEMPERATURE', value: 98 }];
    expect(readingErrors({ 'readings[0].value': 'Too high', takenAt: 'In the future' }, sent)).toEqual({ SYSTOLIC_BP: 'Too high', takenAt: 'In the future' });
  });
});

describe('care records and the print range', () => {
  it('meals and sleep carry a value in their bounds', () => {
    expect(validateCare({ activity: 'MEALS', value: '', assistance: '', note: '' }).value?.key).toBe('carerecord.rule.required');
    expect(validateCare({ activity: 'SLEEP', value: '25', assistance: '', note: '' }).value).toEqual({ key: 'carerecord.rule.between', values: { min: 0, max: 24 } });
    expect(validateCare({ activity: 'BATHING', value: '', assistance: 'LIMITED', note: '' })).toEqual({});
    expect(validateCare({ activity: '', value: '', assistance: '', note: '' }).activity?.key).toBe('carerecord.rule.required');
  });
  it('start and end required, start not after end', () => {
    expect(printRangeProblem('', '')?.key).toBe('carerecord.rule.range.required');
    expect(printRangeProblem('2026-11-02', '2026-11-01')?.key).toBe('carerecord.rule.range.startAfterEnd');
    expect(printRangeProblem('2026-11-01', '2026-11-30')).toBeUndefined();
  });
});

describe('server messages a form does not show by a field', () => {
  it('go to the top', async () => {
    const { unshownMessage } = await import('./recordRules');
    expect(unshownMessage({ SYSTOLIC_BP: 'Too high', readings: 'Both pressures' }, ['SYSTOLIC_BP'])).toBe('Both pressures');
    expect(unshownMessage({ SYSTOLIC_BP: 'Too high' }, ['SYSTOLIC_BP'])).toBeUndefined();
  });
});
