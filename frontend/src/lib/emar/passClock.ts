// The pass clock, the UI's copy of shared/passclock.go (the one rule set the cloud refuses by and the desktop
// applies offline). passClock.test.ts checks every function here against the answers the Go code wrote to
// passClock.cases.json, so the two cannot drift apart. Times are epoch ms.
import {
  PassDone,
  PassDue,
  PassOverdue,
  PassPRN,
  PassUpcoming,
  PassWarning,
  PassWindowMinutes,
  PassWarningMinutes,
  PrnFollowUpWindowMinutes,
  type PassColour,
  type PassKind,
  type PassStatus,
} from '@/types/api.gen';

const MINUTE = 60_000;

/** The first moment a scheduled pass due at `due` may be charted: 60 minutes before its time. */
export function passOpensAt(due: number): number {
  return due - PassWindowMinutes * MINUTE;
}

/** When a scheduled pass becomes overdue: 60 minutes after its time. */
export function passClosesAt(due: number): number {
  return due + PassWindowMinutes * MINUTE;
}

/** A dose said to happen at `at` falls inside or after the window of a pass due at `due` (before it: refused). */
export function passOpen(due: number, at: number): boolean {
  return at >= passOpensAt(due);
}

/** A log at `at` came after the window of a pass due at `due` closed (it needs a reason). */
export function passLate(due: number, at: number): boolean {
  return at > passClosesAt(due);
}

/** An unlogged scheduled pass's status at `now`: UPCOMING, DUE, WARNING, then OVERDUE. */
export function passClock(due: number, now: number): PassStatus {
  if (now < passOpensAt(due)) return PassUpcoming;
  if (now < passClosesAt(due) - PassWarningMinutes * MINUTE) return PassDue;
  if (now < passClosesAt(due)) return PassWarning;
  return PassOverdue;
}

/** A PRN dose's undocumented effectiveness check, due at `due`, at `now`. */
export function followUpClock(due: number, now: number): PassStatus {
  const closes = due + PrnFollowUpWindowMinutes * MINUTE;
  if (now < due) return PassUpcoming;
  if (now < closes - PassWarningMinutes * MINUTE) return PassDue;
  if (now < closes) return PassWarning;
  return PassOverdue;
}

/** Where a pass's effectiveness check stands: none, DONE once documented, else on the clock. */
export function followUpStatus(kind: PassKind, due: number, doneAt: number, now: number): PassStatus | '' {
  if (kind !== PassPRN || !due) return '';
  if (doneAt) return PassDone;
  return followUpClock(due, now);
}

const STATUS_COLOUR: Record<string, PassColour> = {
  UPCOMING: 'GREY',
  ON_HOLD: 'GREY',
  DUE: 'BLUE',
  WARNING: 'YELLOW',
  OVERDUE: 'RED',
  GIVEN: 'GREEN',
  DONE: 'GREEN',
  REFUSED: 'ORANGE',
  HELD: 'ORANGE',
  NOT_GIVEN: 'ORANGE',
};

/** A status's colour (GREY for none or one this UI does not know). */
export function statusColour(status: PassStatus | '' | undefined): PassColour {
  return (status && STATUS_COLOUR[status]) || 'GREY';
}

/** A pass's colour: its status's, or, for a PRN dose whose check is due, warned or overdue, the check's. */
export function passColourOf(status: PassStatus | '' | undefined, followUp: PassStatus | '' | undefined): PassColour {
  if (followUp === PassDue || followUp === PassWarning || followUp === PassOverdue) return statusColour(followUp);
  return statusColour(status);
}

const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

/** A name's initials for the MAR: first letters of the first and last words, or a one-word name's first two. */
export function initials(name: string): string {
  const words = name.split(/\s+/u).filter(Boolean);
  const first = (w: string, n: number) => {
    let out = '';
    for (const ch of w) {
      if (n === 0) break;
      if (LETTER_OR_DIGIT.test(ch)) {
        out += ch.toUpperCase();
        n--;
      }
    }
    return out;
  };
  if (words.length === 0) return '';
  if (words.length === 1) return first(words[0], 2);
  return first(words[0], 1) + first(words[words.length - 1], 1);
}
