import { describe, expect, it } from 'vitest';
import type { Medication } from '@/types/api.gen';
import { changedFields } from './historyRules';

const order = (patch: Partial<Medication>): Medication =>
  ({
    medicationId: 'm1', residentId: 'r1', name: 'Lisinopril', type: 'ROUTINE', dose: '5 mg', frequency: '', route: 'ORAL', instructions: '',
    diagnosis: 'Hypertension', rxNumber: '', physician: 'Dr. Lee', startDate: '2026-01-01', endDate: '', times: ['08:00'], status: 'CURRENT',
    controlled: false, vital: '', holdBelow: null, holdAbove: null, slidingScale: [], onHold: false, holdReason: '', holdTime: 0, endTime: 0,
    stopReason: '', siteRequired: false, createTime: 1, updateTime: 1, ...patch,
  }) as Medication;

describe('the med history', () => {
  it('names what a change changed, before and after', () => {
    expect(changedFields(order({}), order({ dose: '10 mg', vital: 'SYSTOLIC_BP', holdBelow: 100, updateTime: 2 }))).toEqual(['dose', 'vital', 'holdBelow']);
  });

  it('names the hold and the discontinuation', () => {
    expect(changedFields(order({}), order({ onHold: true, holdReason: 'Hospital', holdTime: 5 }))).toEqual(['onHold', 'holdReason']);
    expect(changedFields(order({}), order({ status: 'DISCONTINUED', endTime: 9, stopReason: 'Cough' }))).toEqual(['status', 'endTime', 'stopReason']);
  });

  it('lists what a new order holds, and nothing for a row without an order after', () => {
    expect(changedFields(null, order({}))).toEqual(['name', 'type', 'dose', 'route', 'times', 'startDate', 'diagnosis', 'physician']);
    expect(changedFields(order({}), null)).toEqual([]);
  });

  it('takes empty values of any shape as the same', () => {
    expect(changedFields(order({ endDate: '' }), order({ endDate: undefined as unknown as string, slidingScale: null as unknown as [] }))).toEqual([]);
  });
});
