import { describe, expect, it } from 'vitest';
import type { WeekSchedule } from '@/types/api.gen';
import { cellKey, conflictsByCell, draftSchedules, gapHoursByDay, rosterCells, toggleRequest, typesWithoutWeek, weekMinutes } from './rosterRules';

const H = 3_600_000;
const week = {
  weekStart: '2027-06-06',
  weekEnd: '2027-06-12',
  today: '2027-06-08',
  timeZone: 'PT',
  shiftTypes: [
    { shiftTypeId: 'day', name: 'Day', startTime: '07:00', endTime: '15:00', color: '#111111', active: true },
    { shiftTypeId: 'night', name: 'Night', startTime: '23:00', endTime: '07:00', color: '#222222', active: true },
    { shiftTypeId: 'eve', name: 'Evening', startTime: '15:00', endTime: '23:00', color: '#333333', active: true },
  ],
  schedules: [
    {
      scheduleId: 's1',
      shiftTypeId: 'day',
      name: 'Day · week of 06/06/2027',
      startDate: '2027-06-06',
      endDate: '2027-06-12',
      status: 'DRAFT',
      version: 3,
      assignments: [
        { day: '2027-06-07', caregiverIds: ['amina'], caregivers: [], start: 0, end: 8 * H, past: true },
        { day: '2027-06-09', caregiverIds: ['amina', 'wei'], caregivers: [], start: 0, end: 8 * H, past: false },
      ],
    },
    {
      scheduleId: 's2',
      shiftTypeId: 'night',
      name: 'Nights',
      startDate: '2027-06-06',
      endDate: '2027-06-12',
      status: 'PUBLISHED',
      version: 1,
      assignments: [{ day: '2027-06-09', caregiverIds: ['wei'], caregivers: [], start: 0, end: 8 * H, past: false }],
    },
  ],
  gaps: [
    { day: '2027-06-09', hours: 3 },
    { day: '2027-06-09', hours: 2 },
    { day: '2027-06-10', hours: 8 },
  ],
  conflicts: [{ kind: 'OVER_HOURS', caregiverId: 'wei', day: '2027-06-09', shiftTypeId: 'night', message: 'm' }],
} as unknown as WeekSchedule;

describe('the roster', () => {
  it('puts every shift type of a caregiver and day in one cell', () => {
    const cells = rosterCells(week);
    expect(cells.get(cellKey('wei', '2027-06-09'))?.map((s) => [s.name, s.published])).toEqual([
      ['Day', false],
      ['Night', true],
    ]);
    expect(cells.get(cellKey('amina', '2027-06-10'))).toBeUndefined();
    expect(conflictsByCell(week.conflicts).get(cellKey('wei', '2027-06-09'))?.[0].kind).toBe('OVER_HOURS');
  });

  it('counts hours per caregiver and hours short per day', () => {
    expect(weekMinutes(week).get('wei')).toBe(16 * 60);
    expect(weekMinutes(week).get('amina')).toBe(16 * 60);
    expect(gapHoursByDay(week.gaps, ['2027-06-09', '2027-06-10', '2027-06-11'])).toEqual({ '2027-06-09': 5, '2027-06-10': 8, '2027-06-11': 0 });
  });

  it('a tap saves that type’s week with the caregiver on or off, past days as stored and no new name', () => {
    const off = toggleRequest(week, 'day', '2027-06-09', 'amina');
    expect(off).toEqual({
      scheduleId: 's1',
      version: 3,
      name: 'Day · week of 06/06/2027',
      shiftTypeId: 'day',
      startDate: '2027-06-06',
      endDate: '2027-06-12',
      assignments: [
        { day: '2027-06-07', caregiverIds: ['amina'] },
        { day: '2027-06-09', caregiverIds: ['wei'] },
      ],
    });
    const fresh = toggleRequest(week, 'eve', '2027-06-10', 'amina');
    expect(fresh).toEqual({ shiftTypeId: 'eve', startDate: '2027-06-06', endDate: '2027-06-12', assignments: [{ day: '2027-06-10', caregiverIds: ['amina'] }] });
    expect(fresh.name).toBeUndefined();
  });

  it('publishes the drafts and copies into the types without a week', () => {
    expect(draftSchedules(week).map((s) => s.scheduleId)).toEqual(['s1']);
    expect(typesWithoutWeek(week).map((t) => t.shiftTypeId)).toEqual(['eve']);
  });
});
