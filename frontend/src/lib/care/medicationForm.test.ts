import { describe, expect, it } from 'vitest';
import type { Medication } from '@/types/api.gen';
import { MedicationNameMax, MedicationTimesMax } from '@/types/api.gen';
import {
  emptyMedicationFields,
  hasTimes,
  isTimeOfDay,
  medicationFieldsOf,
  medicationFieldsRequest,
  validateMedicationFields,
  type MedicationFieldMessages,
  type MedicationFieldsDraft,
} from './medicationForm';

const TODAY = '2026-11-24';
const messages: MedicationFieldMessages = {
  required: 'm.required',
  tooLong: 'm.tooLong',
  badDate: 'm.badDate',
  endBeforeStart: 'm.endBeforeStart',
  timesNeeded: 'm.timesNeeded',
  badTime: 'm.badTime',
  timesRepeated: 'm.timesRepeated',
  timesMax: 'm.timesMax',
};
const draft = (patch: Partial<MedicationFieldsDraft> = {}): MedicationFieldsDraft => ({
  ...emptyMedicationFields(TODAY),
  name: 'Metformin',
  dose: '500 mg',
  ...patch,
});
const check = (d: MedicationFieldsDraft) => validateMedicationFields(d, messages);

describe('validateMedicationFields', () => {
  it('accepts a routine order by mouth from today at 08:00', () => {
    expect(check(draft())).toEqual({});
  });

  it('needs a name, a dose and, unless PRN, a time', () => {
    const errors = check(draft({ name: ' ', dose: '', times: [] }));
    expect(Object.keys(errors).sort()).toEqual(['dose', 'name', 'times']);
    expect(errors.name?.key).toBe('m.required');
    expect(errors.times?.key).toBe('m.timesNeeded');
    expect(check(draft({ type: 'PRN', times: [] }))).toEqual({});
  });

  it('counts lengths in characters, as the server does', () => {
    expect(check(draft({ name: '💊'.repeat(MedicationNameMax) }))).toEqual({});
    expect(check(draft({ name: 'x'.repeat(MedicationNameMax + 1) })).name).toEqual({ key: 'm.tooLong', values: { max: MedicationNameMax } });
  });

  it('knows only the 23 routes', () => {
    expect(check(draft({ route: 'BY_MAIL' })).route?.key).toBe('m.required');
  });

  it('refuses a time that is not one, a repeated time, and too many', () => {
    expect(check(draft({ times: ['8 am'] })).times?.key).toBe('m.badTime');
    expect(check(draft({ times: ['08:00', '08:00'] })).times?.key).toBe('m.timesRepeated');
    const many = Array.from({ length: MedicationTimesMax + 1 }, (_, i) => `${String(i).padStart(2, '0')}:00`);
    expect(check(draft({ times: many })).times).toEqual({ key: 'm.timesMax', values: { max: MedicationTimesMax } });
  });

  it('refuses an end before the start and a date that is not one', () => {
    expect(check(draft({ endDate: '2026-11-01' })).endDate?.key).toBe('m.endBeforeStart');
    expect(check(draft({ startDate: '2026-02-30' })).startDate?.key).toBe('m.badDate');
    expect(check(draft({ startDate: '' })).startDate?.key).toBe('m.required');
  });
});

describe('medicationFieldsRequest', () => {
  it('sends sorted times once each and only the optional fields filled in, trimmed', () => {
    const req = medicationFieldsRequest(draft({ times: ['20:00', '08:00', '', '20:00'], rxNumber: ' RX-1 ' }));
    expect(req).toEqual({ name: 'Metformin', type: 'ROUTINE', dose: '500 mg', route: 'ORAL', startDate: TODAY, rxNumber: 'RX-1', times: ['08:00', '20:00'] });
  });

  it('sends no times for a PRN order, and the id of a stored one', () => {
    const m = {
      medicationId: 'm1', residentId: 'r1', name: 'Acetaminophen', type: 'PRN', dose: '500 mg', frequency: '', route: 'ORAL',
      instructions: '', diagnosis: '', rxNumber: '', physician: 'Dr. Lee', startDate: '2026-01-01', endDate: '', times: null,
    } as unknown as Medication;
    const d = medicationFieldsOf(m);
    expect(d.times).toEqual([]);
    expect(hasTimes(d.type)).toBe(false);
    expect(medicationFieldsRequest(d)).toEqual({
      medicationId: 'm1', name: 'Acetaminophen', type: 'PRN', dose: '500 mg', route: 'ORAL', startDate: '2026-01-01', physician: 'Dr. Lee',
    });
  });

  it('reads times of day as HH:mm', () => {
    expect(isTimeOfDay('07:30')).toBe(true);
    expect(isTimeOfDay('7:30')).toBe(false);
    expect(isTimeOfDay('24:00')).toBe(false);
  });
});
