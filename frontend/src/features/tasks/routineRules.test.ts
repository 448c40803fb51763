import { describe, expect, it } from 'vitest';
import { routineDraftOf, validateRoutine } from './routineRules';
import { carePlanWarnings } from './carePlanRules';
import type { CarePlan } from '@/types/api.gen';

describe('routine sessions', () => {
  it('holds every session once, in the day order', () => {
    const d = routineDraftOf({ medicationPrepButtonEnabled: true, sessions: [{ session: 'NIGHT', startTime: '21:00', endTime: '06:00' }] });
    expect(d.sessions.map((s) => s.session)).toEqual(['MORNING', 'MIDDAY', 'AFTERNOON', 'EVENING', 'NIGHT', 'MIDNIGHT']);
    expect(d.sessions[4]).toEqual({ session: 'NIGHT', startTime: '21:00', endTime: '06:00' });
    expect(d.sessions[0]).toEqual({ session: 'MORNING', startTime: '', endTime: '' });
  });
  it('needs HH:mm times, an end different from the start, and lets the night cross midnight', () => {
    const d = routineDraftOf({
      medicationPrepButtonEnabled: false,
      sessions: [
        { session: 'MORNING', startTime: '06:00', endTime: '06:00' },
        { session: 'NIGHT', startTime: '21:00', endTime: '06:00' },
      ],
    });
    const errors = validateRoutine(d);
    expect(errors['MORNING.endTime']).toEqual({ key: 'tasks.validation.sameTime' });
    expect(errors['NIGHT.startTime']).toBeUndefined();
    expect(errors['NIGHT.endTime']).toBeUndefined();
    expect(errors['MIDDAY.startTime']).toEqual({ key: 'tasks.validation.time' });
  });
});

describe('care plan warnings (WAC 388-76-10355)', () => {
  const DAY = 86_400_000;
  const NOW = Date.UTC(2026, 10, 24);
  const plan = (over: Partial<CarePlan>): CarePlan => ({
    residentId: 'r',
    areas: [],
    carePlanUpdateTime: 0,
    nextReviewTime: 0,
    reviewOverdue: false,
    initialPlanDue: 0,
    initialPlanOverdue: false,
    ...over,
  });
  it('warns of the initial plan until it is recorded, overdue after its day', () => {
    expect(carePlanWarnings(plan({ initialPlanDue: NOW + 5 * DAY }), NOW)).toEqual([{ kind: 'initial', key: 'tasks.carePlan.initialDue', at: NOW + 5 * DAY, overdue: false }]);
    expect(carePlanWarnings(plan({ initialPlanDue: NOW - DAY, initialPlanOverdue: true }), NOW)[0].key).toBe('tasks.carePlan.initialOverdue');
  });
  it('announces the review within 30 days and says when it is overdue', () => {
    expect(carePlanWarnings(plan({ nextReviewTime: NOW + 60 * DAY }), NOW)).toEqual([]);
    expect(carePlanWarnings(plan({ nextReviewTime: NOW + 20 * DAY }), NOW)[0].key).toBe('tasks.carePlan.reviewSoon');
    expect(carePlanWarnings(plan({ nextReviewTime: NOW - DAY, reviewOverdue: true }), NOW)[0]).toMatchObject({ key: 'tasks.carePlan.reviewOverdue', overdue: true });
  });
});
