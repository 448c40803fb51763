import { describe, expect, it } from 'vitest';
import type { Medication } from '@/types/api.gen';
import { changesOf, groupOrders, planOf, restoreStaged, stageDeletion, validateChange } from './changeRules';

const order = (medicationId: string, name: string, status = 'CURRENT', onHold = false) => ({ medicationId, name, status, onHold }) as unknown as Medication;
const zone = 'America/Los_Angeles';
const now = Date.parse('2026-11-24T18:00:00Z'); // 10:00 in Olympia

describe('order changes', () => {
  it('need a reason; a prescriber and a date are optional', () => {
    const ok = validateChange({ reason: 'Dr. Lee called', prescriber: '', changeDate: '', endTime: '' }, 'hold', now, zone);
    expect(ok.errors).toEqual({});
    expect(validateChange({ reason: ' ', prescriber: '', changeDate: '2026-02-30', endTime: '' }, 'hold', now, zone).errors).toEqual({
      reason: { key: 'medications.rule.required' },
      changeDate: { key: 'medications.rule.date' },
    });
  });

  it('discontinue now, or from an end time on the facility clock up to 7 days back, never ahead', () => {
    expect(validateChange({ reason: 'x', prescriber: '', changeDate: '', endTime: '' }, 'discontinue', now, zone).endMs).toBe(0);
    const back = validateChange({ reason: 'x', prescriber: '', changeDate: '', endTime: '2026-11-23T08:30' }, 'discontinue', now, zone);
    expect(back.endMs).toBe(Date.parse('2026-11-23T16:30:00Z'));
    expect(validateChange({ reason: 'x', prescriber: '', changeDate: '', endTime: '2026-11-24T11:00' }, 'discontinue', now, zone).errors.endTime?.key).toBe(
      'medications.rule.endFuture',
    );
    expect(validateChange({ reason: 'x', prescriber: '', changeDate: '', endTime: '2026-11-10T08:00' }, 'discontinue', now, zone).errors.endTime?.key).toBe(
      'medications.rule.endTooOld',
    );
  });

  it('offer hold or resume and discontinue for a current order, restore for a discontinued one', () => {
    expect(changesOf(order('a', 'A'))).toEqual(['hold', 'discontinue']);
    expect(changesOf(order('a', 'A', 'CURRENT', true))).toEqual(['resume', 'discontinue']);
    expect(changesOf(order('a', 'A', 'DISCONTINUED'))).toEqual(['restore']);
  });

  it('group the orders: current, on hold, discontinued, by name', () => {
    const g = groupOrders([order('1', 'Metformin'), order('2', 'Donepezil'), order('3', 'Warfarin', 'CURRENT', true), order('4', 'Trazodone', 'DISCONTINUED')]);
    expect(g.current.map((m) => m.name)).toEqual(['Donepezil', 'Metformin']);
    expect(g.onHold.map((m) => m.name)).toEqual(['Warfarin']);
    expect(g.discontinued.map((m) => m.name)).toEqual(['Trazodone']);
  });
});

describe('plan editing (spec 000 §4)', () => {
  it('moves orders to deleted and restores them before confirm', () => {
    const orders = [order('1', 'Metformin'), order('2', 'Donepezil'), order('4', 'Trazodone', 'DISCONTINUED')];
    let staged = stageDeletion([], '1');
    staged = stageDeletion(staged, '1');
    staged = stageDeletion(staged, '2');
    expect(staged).toEqual(['1', '2']);
    staged = restoreStaged(staged, '1');
    const plan = planOf(orders, staged);
    expect(plan.kept.map((m) => m.name)).toEqual(['Metformin']);
    expect(plan.deleted.map((m) => m.name)).toEqual(['Donepezil']);
    // A discontinued order is not part of the plan.
    expect(planOf(orders, ['4']).deleted).toEqual([]);
  });
});
