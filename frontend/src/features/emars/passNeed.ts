// What a pass asks of a caregiver now: the UI's copy of shared/counters.go PassNeedOf (the server counts the
// dashboard's lines by it; cloud/server/counters_test.go checks they agree on the demo data), and how the
// med pass page lays the day out around now (issue 29 "Worklists start at now").
import type { EmarResident, MedPass, RoutineSession } from '@/types/api.gen';
import { PassScheduled } from '@/types/api.gen';
import { sessionOf } from '@/lib/emar/passGroups';

export type PassNeed = 'OVERDUE' | 'DUE' | 'CHECK' | 'LATER' | 'DONE';

/** shared.PassNeedOf: red and not acknowledged is overdue; a PRN check due is a check, never a pass due. */
export function passNeedOf(p: Pick<MedPass, 'kind' | 'colour' | 'ackTime' | 'followUpStatus'>): PassNeed {
  const colour = p.colour.toUpperCase();
  if (colour === 'RED') return p.ackTime ? 'DONE' : 'OVERDUE';
  if (p.kind !== PassScheduled) {
    if (p.followUpStatus === 'DUE' || p.followUpStatus === 'WARNING') return 'CHECK';
    return p.followUpStatus === 'UPCOMING' ? 'LATER' : 'DONE';
  }
  if (colour === 'BLUE' || colour === 'YELLOW') return 'DUE';
  return colour === 'GREY' ? 'LATER' : 'DONE';
}

/** What a tile filters the page to (?show=). */
export const PASS_FILTERS = ['overdue', 'due', 'checks', 'done'] as const;
export type PassFilter = (typeof PASS_FILTERS)[number];

const NEED_OF_FILTER: Record<PassFilter, PassNeed> = { overdue: 'OVERDUE', due: 'DUE', checks: 'CHECK', done: 'DONE' };

/** The day's passes per need, every resident (the tiles' figures). */
export function needCounts(residents: readonly EmarResident[]): Record<PassNeed, number> {
  const out: Record<PassNeed, number> = { OVERDUE: 0, DUE: 0, CHECK: 0, LATER: 0, DONE: 0 };
  for (const r of residents) for (const p of r.passes) out[passNeedOf(p)]++;
  return out;
}

/** How long a logged pass stays on the card of the session it was logged in. */
const JUST_LOGGED_MS = 60 * 60_000;

/** A resident's card as the page shows it: the passes in view, and how many done ones are folded away. */
export interface CardView {
  resident: EmarResident;
  passes: MedPass[];
  folded: number;
  /** 0 something overdue, 1 due now or a check, 2 later, 3 nothing in view: the cards' order. */
  rank: number;
}

/**
 * The residents' cards around now. With a tile's filter: only passes of that need, all day, and only the
 * residents who have one. Else, in `session` ("" = the whole day): every pass of the day that needs her now
 * (overdue, due, a check due) whatever its session, the session's later passes, and its done ones — folded
 * away unless `showDone`. A pass logged in the last hour counts as the session's whatever its own (a dose
 * charted early, in its window before the next session, stays where she charted it instead of vanishing).
 * Cards that need her first (overdue, then due now), then by name.
 */
export function cardViews(
  residents: readonly EmarResident[],
  opts: { session: string; sessions: readonly RoutineSession[]; show: PassFilter | ''; showDone: boolean; now?: number },
): CardView[] {
  const views: CardView[] = [];
  residents.forEach((resident) => {
    const passes: MedPass[] = [];
    let folded = 0;
    for (const p of resident.passes) {
      const need = passNeedOf(p);
      if (opts.show) {
        if (need === NEED_OF_FILTER[opts.show]) passes.push(p);
        continue;
      }
      if (need === 'OVERDUE' || need === 'DUE' || need === 'CHECK') {
        passes.push(p);
        continue;
      }
      const justLogged = need === 'DONE' && opts.now !== undefined && !!p.givenTime && opts.now - p.givenTime < JUST_LOGGED_MS;
      const inSession = opts.session === '' || justLogged || (p.kind === PassScheduled ? sessionOf(p.timeOfDay, opts.sessions) === opts.session : true);
      if (!inSession) continue;
      if (need === 'DONE' && !opts.showDone) folded++;
      else passes.push(p);
    }
    if (opts.show && passes.length === 0) return;
    const needs = passes.map(passNeedOf);
    const rank = needs.includes('OVERDUE') ? 0 : needs.includes('DUE') || needs.includes('CHECK') ? 1 : needs.includes('LATER') ? 2 : 3;
    views.push({ resident, passes, folded, rank });
  });
  return views.sort((a, b) => a.rank - b.rank);
}
