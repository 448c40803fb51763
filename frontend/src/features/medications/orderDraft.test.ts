import { describe, expect, it } from 'vitest';
import type { Medication } from '@/types/api.gen';
import { MedicationTimesMax, PassReasonMax, SlidingScaleStepsMax } from '@/types/api.gen';
import { MEDICATION_FIELD_WORDS } from '@/lib/care/medicationForm';
import en from './locales/en-US.json';
import es from './locales/es-ES.json';
import zh from './locales/zh-CN.json';
import { ApiError } from '@/lib/api/client';
import {
  addTime,
  changedOrder,
  draftField,
  emptyOrder,
  newRowKey,
  orderDraftOf,
  orderRequest,
  parseNumber,
  reloadedDraft,
  sessionStarts,
  validateOrder,
} from './orderDraft';

const base = () => ({ ...emptyOrder('2026-11-24'), name: 'Lisinopril', dose: '10 mg' });
const row = (from: string, to: string, dose: string) => ({ key: newRowKey(), from, to, dose });

describe('order rules', () => {
  it('accepts a routine order at a time of day', () => {
    expect(validateOrder(base())).toEqual({});
  });

  // The shared rules are tested in lib/care/medicationForm.test.ts; these are the order form's words for them.
  it("words the shared fields' broken rules the order form's way", () => {
    expect(validateOrder({ ...base(), name: ' ', times: [], endDate: '2026-11-01' })).toEqual({
      name: { key: 'medications.rule.required' },
      endDate: { key: 'medications.rule.endBeforeStart' },
      times: { key: 'medications.rule.timesNeeded' },
    });
    expect(validateOrder({ ...base(), times: ['8 am'] }).times?.key).toBe('medications.rule.time');
    expect(validateOrder({ ...base(), times: ['08:00', '08:00'] }).times?.key).toBe('medications.rule.timesRepeated');
    const many = Array.from({ length: MedicationTimesMax + 1 }, (_, i) => `${String(i).padStart(2, '0')}:00`);
    expect(validateOrder({ ...base(), times: many }).times?.key).toBe('medications.rule.timesMax');
    expect(validateOrder({ ...base(), startDate: '2026-02-30' }).startDate?.key).toBe('medications.rule.date');
    expect(validateOrder({ ...base(), changeNote: 'x'.repeat(PassReasonMax + 1) }).changeNote?.key).toBe('medications.rule.tooLong');
  });

  it('needs a vital for a hold limit or a sliding scale, and limits in its plausible range, the upper above the lower', () => {
    expect(validateOrder({ ...base(), holdBelow: '100' }).vital?.key).toBe('medications.rule.vitalNeeded');
    expect(validateOrder({ ...base(), vital: 'SYSTOLIC_BP', holdBelow: '100' })).toEqual({});
    expect(validateOrder({ ...base(), vital: 'SYSTOLIC_BP', holdBelow: '10' }).holdBelow?.key).toBe('medications.rule.vitalRange');
    expect(validateOrder({ ...base(), vital: 'SYSTOLIC_BP', holdBelow: 'abc' }).holdBelow?.key).toBe('medications.rule.number');
    expect(validateOrder({ ...base(), vital: 'PULSE', holdBelow: '60', holdAbove: '55' }).holdAbove?.key).toBe('medications.rule.holdOrder');
    expect(validateOrder({ ...base(), vital: 'TEMPERATURE', holdAbove: '100,4' })).toEqual({});
  });

  it('checks each sliding-scale row and refuses overlapping rows', () => {
    const scale = [row('70', '150', '0 units'), row('151', '200', '2 units')];
    expect(validateOrder({ ...base(), vital: 'BLOOD_GLUCOSE', scale })).toEqual({});
    const broken = validateOrder({ ...base(), vital: 'BLOOD_GLUCOSE', scale: [row('200', '150', ''), row('140', '180', '2 units'), row('160', '170', 'x')] });
    expect(broken['scale.0.to']?.key).toBe('medications.rule.scaleOrder');
    expect(broken['scale.0.dose']?.key).toBe('medications.rule.required');
    expect(broken['scale.2.from']?.key).toBe('medications.rule.scaleOverlap');
    const tooMany = Array.from({ length: SlidingScaleStepsMax + 1 }, (_, i) => row(String(70 + i * 10), String(75 + i * 10), '1 unit'));
    expect(validateOrder({ ...base(), vital: 'BLOOD_GLUCOSE', scale: tooMany }).scale?.key).toBe('medications.rule.scaleMax');
  });
});

describe('order request', () => {
  it('is a new order of the resident with sorted times and its hold limit', () => {
    const req = orderRequest({ ...base(), times: ['20:00', '08:00', ''], vital: 'SYSTOLIC_BP', holdBelow: '100', changeNote: ' Dr. Lee by phone ' }, 'r1', 'f1');
    expect(req).toMatchObject({ residentId: 'r1', name: 'Lisinopril', times: ['08:00', '20:00'], vital: 'SYSTOLIC_BP', holdBelow: 100 });
    expect(req.medicationId).toBeUndefined();
    expect(req.version).toBeUndefined();
    expect(req.holdAbove).toBeUndefined();
    expect(req.changeNote).toBe('Dr. Lee by phone');
    expect(req.verificationFileId).toBe('f1');
  });

  it('is a change of an order with the change note, and a PRN order has no times', () => {
    const m = {
      medicationId: 'm1', residentId: 'r1', name: 'Acetaminophen', type: 'PRN', dose: '500 mg', frequency: '', route: 'ORAL',
      instructions: '', diagnosis: '', rxNumber: '', physician: 'Dr. Lee', startDate: '2026-01-01', endDate: '', times: [],
      status: 'CURRENT', controlled: false, vital: '', holdBelow: null, holdAbove: null, slidingScale: [], version: 3,
    } as unknown as Medication;
    const req = orderRequest({ ...orderDraftOf(m, '2026-11-24'), changeNote: 'Dose checked' }, 'r1');
    expect(req.medicationId).toBe('m1');
    expect(req.version).toBe(3);
    expect(req.residentId).toBeUndefined();
    expect(req.times).toBeUndefined();
    expect(req.changeDate).toBe('2026-11-24');
  });

  it('sends the sliding scale as numbers, and no vital fields without a vital', () => {
    const req = orderRequest({ ...base(), vital: 'BLOOD_GLUCOSE', scale: [row('70', '150,5', '0 units')] }, 'r1');
    expect(req.slidingScale).toEqual([{ from: 70, to: 150.5, dose: '0 units' }]);
    const plain = orderRequest({ ...base(), holdBelow: '100' }, 'r1');
    expect(plain.vital).toBeUndefined();
    expect(plain.holdBelow).toBeUndefined();
  });
});

describe('an order changed meanwhile', () => {
  const theirs = {
    medicationId: 'm1', residentId: 'r1', name: 'Lisinopril', type: 'ROUTINE', dose: '20 mg', frequency: '', route: 'ORAL',
    instructions: '', diagnosis: '', rxNumber: '', physician: 'Dr. Lee', startDate: '2026-01-01', endDate: '', times: ['08:00'],
    status: 'CURRENT', controlled: false, vital: '', holdBelow: null, holdAbove: null, slidingScale: [], version: 4,
    updatedByName: 'Grace Kim', updateTime: 1_800_000_000_000,
  } as unknown as Medication;
  const refusal = (code: string, data: unknown) => new ApiError('refused', { code, data, reaction: { kind: 'none' } });

  it('is the order in the data of a 4009, and nothing for other refusals', () => {
    expect(changedOrder(refusal('4009', theirs))).toBe(theirs);
    expect(changedOrder(refusal('4009', null))).toBeUndefined(); // discontinued meanwhile: no order in data
    expect(changedOrder(refusal('4022', [{ field: 'dose', rule: 'required' }]))).toBeUndefined();
    expect(changedOrder(new Error('offline'))).toBeUndefined();
  });

  it('reloads their version and keeps the logged call and date typed for this change', () => {
    const mine = { ...orderDraftOf({ ...theirs, dose: '10 mg', version: 3 }, '2026-11-24'), dose: '15 mg', changeNote: 'Dr. Lee by phone', changeDate: '2026-11-23' };
    const again = reloadedDraft(theirs, mine, '2026-11-24');
    expect(again).toMatchObject({ dose: '20 mg', version: 4, changeNote: 'Dr. Lee by phone', changeDate: '2026-11-23' });
    expect(orderRequest(again, 'r1').version).toBe(4);
  });
});

describe('helpers', () => {
  it('reads numbers with a decimal point or comma', () => {
    expect(parseNumber('98.6')).toBe(98.6);
    expect(parseNumber('98,6')).toBe(98.6);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1e3')).toBeUndefined();
  });

  it('names server fields as the draft does', () => {
    expect(draftField('slidingScale[1].to')).toBe('scale.1.to');
    expect(draftField('dose')).toBe('dose');
  });

  it('fills times from the routine sessions, sorted and once each', () => {
    const starts = sessionStarts({ medicationPrepButtonEnabled: false, sessions: [{ session: 'MORNING', startTime: '07:00', endTime: '11:00' }] });
    expect(starts).toEqual([{ session: 'MORNING', time: '07:00' }]);
    expect(addTime(['20:00'], '07:00')).toEqual(['07:00', '20:00']);
    expect(addTime(['07:00'], '07:00')).toEqual(['07:00']);
  });
});

describe('words', () => {
  it('has words for every field of the form (ORDER_WORDS), in every language', () => {
    for (const words of [en.medications.form, es.medications.form, zh.medications.form]) expect(MEDICATION_FIELD_WORDS.filter((w) => !(w in words))).toEqual([]);
  });
});
