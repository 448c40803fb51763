import { describe, expect, it } from 'vitest';
import type { EmarResident, MedPass } from '@/types/api.gen';
import { DEFAULT_SESSIONS } from '@/lib/emar/passGroups';
import { cardViews, needCounts, passNeedOf } from './passNeed';

const pass = (part: Partial<MedPass>): MedPass =>
  ({ passId: 'p', kind: 'SCHEDULED', colour: 'GREY', timeOfDay: '08:00', dueTime: 0, status: 'UPCOMING', ...part }) as MedPass;
const resident = (name: string, passes: MedPass[]): EmarResident => ({ residentId: name, name, passes, medications: [] }) as unknown as EmarResident;

describe('what a pass asks now (shared/counters.go PassNeedOf, the same cases as its Go test)', () => {
  it.each([
    [{ colour: 'BLUE' }, 'DUE'],
    [{ colour: 'YELLOW' }, 'DUE'],
    [{ colour: 'GREY' }, 'LATER'],
    [{ colour: 'RED' }, 'OVERDUE'],
    [{ colour: 'RED', ackTime: 1 }, 'DONE'],
    [{ colour: 'GREEN' }, 'DONE'],
    [{ colour: 'ORANGE' }, 'DONE'],
    [{ kind: 'PRN', colour: 'BLUE', followUpStatus: 'DUE' }, 'CHECK'],
    [{ kind: 'PRN', colour: 'YELLOW', followUpStatus: 'WARNING' }, 'CHECK'],
    [{ kind: 'PRN', colour: 'RED', followUpStatus: 'OVERDUE' }, 'OVERDUE'],
    [{ kind: 'PRN', colour: 'GREEN', followUpStatus: 'UPCOMING' }, 'LATER'],
    [{ kind: 'PRN', colour: 'GREEN', followUpStatus: 'DONE' }, 'DONE'],
  ] as [Partial<MedPass>, string][])('%o is %s', (part, want) => {
    expect(passNeedOf(pass(part))).toBe(want);
  });
});

describe('the cards around now', () => {
  const ada = resident('Ada', [
    pass({ passId: 'morning-given', colour: 'GREEN', timeOfDay: '08:00' }),
    pass({ passId: 'evening-later', colour: 'GREY', timeOfDay: '18:00' }),
  ]);
  const bo = resident('Bo', [pass({ passId: 'morning-late', colour: 'RED', timeOfDay: '08:00' }), pass({ passId: 'evening-due', colour: 'BLUE', timeOfDay: '18:00' })]);
  const cy = resident('Cy', [pass({ passId: 'check', kind: 'PRN', colour: 'BLUE', followUpStatus: 'DUE', timeOfDay: '17:30' })]);
  const ids = (v: { passes: MedPass[] }) => v.passes.map((p) => p.passId);

  it('puts who needs her first, keeps every urgent pass, the session’s later ones, and folds the done ones', () => {
    const views = cardViews([ada, bo, cy], { session: 'EVENING', sessions: DEFAULT_SESSIONS, show: '', showDone: false });
    expect(views.map((v) => v.resident.name)).toEqual(['Bo', 'Cy', 'Ada']);
    expect(ids(views[0])).toEqual(['morning-late', 'evening-due']);
    expect(ids(views[2])).toEqual(['evening-later']);
    expect(views[2].folded).toBe(0); // the morning's given pass is not this session's
    const morning = cardViews([ada], { session: 'MORNING', sessions: DEFAULT_SESSIONS, show: '', showDone: false });
    expect([ids(morning[0]), morning[0].folded]).toEqual([[], 1]);
  });

  it('keeps a pass logged in the last hour on the card, even one of the next session', () => {
    const now = Date.UTC(2026, 10, 28, 19, 59);
    const early = pass({ passId: 'noon-given', timeOfDay: '12:09', colour: 'GREEN', status: 'GIVEN', givenTime: now - 5 * 60_000 });
    const older = pass({ passId: 'noon-older', timeOfDay: '12:30', colour: 'GREEN', status: 'GIVEN', givenTime: now - 2 * 3600_000 });
    const views = cardViews([resident('Di', [early, older])], { session: 'MIDDAY', sessions: DEFAULT_SESSIONS, show: '', showDone: true, now });
    expect(ids(views[0])).toEqual(['noon-given']);
  });

  it('filters to a tile’s passes and residents, and counts the day per need', () => {
    expect(cardViews([ada, bo, cy], { session: 'EVENING', sessions: DEFAULT_SESSIONS, show: 'due', showDone: false }).map(ids)).toEqual([['evening-due']]);
    expect(needCounts([ada, bo, cy])).toEqual({ OVERDUE: 1, DUE: 1, CHECK: 1, LATER: 1, DONE: 1 });
  });
});
