// Which day the med pass page shows: yesterday, today or tomorrow in the facility's zone (?day=).
import { shiftDay } from '@/lib/emar/passGroups';

export const DAY_CHOICES = ['yesterday', 'today', 'tomorrow'] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];

const OFFSET: Record<DayChoice, number> = { yesterday: -1, today: 0, tomorrow: 1 };

/** The choice a ?day= value names (today for anything else). */
export function dayChoice(param: string | null): DayChoice {
  return (DAY_CHOICES as readonly string[]).includes(param ?? '') ? (param as DayChoice) : 'today';
}

/**
 * The day to ask for: '' for today (the server's today in the facility's zone, whatever this device's
 * clock says), else the facility date one day from today.
 */
export function requestDay(choice: DayChoice, today: string): string {
  return choice === 'today' ? '' : shiftDay(today, OFFSET[choice]);
}

/** The facility date a choice shows, from today's date. */
export function choiceDate(choice: DayChoice, today: string): string {
  return shiftDay(today, OFFSET[choice]);
}
