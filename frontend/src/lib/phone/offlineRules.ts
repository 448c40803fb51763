// What the phone may keep while the network is away: the UI's copy of shared/offline.go, the rules the desktop
// shell applies to the same writes (docs/api.md "Med passes offline"). offlineRules.test.ts checks each function
// against the answers the Go code wrote to offlineRules.cases.json, so the phone and the desktop cannot drift apart.
// Each answers the rule a write breaks ('' when it may be kept).
import {
  MedicationCurrent,
  MedicationPRN,
  OutcomeGiven,
  PassClockSkewSeconds,
  PassLogMaxAgeDays,
  PassOnHold,
  PassScheduled,
  type MedicationStatus,
  type MedicationType,
  type PassKind,
  type PassOutcome,
  type PassStatus,
} from '@/types/api.gen';
import { passOpen } from '@/lib/emar/passClock';

export type OfflinePassRule = '' | 'logged' | 'scheduled' | 'onHold' | 'windowNotOpen';
export type OfflinePrnRule = '' | 'prn' | 'notCurrent' | 'orderOnHold';
export type OfflineTimeRule = '' | 'minimum' | 'maximum';

/**
 * Why a log of a scheduled pass (as last seen: its kind, status, due time, whether someone logged it) with
 * `outcome` at `at` may not be kept: logged already, not a scheduled pass, GIVEN while on hold, before its window.
 */
export function offlinePassRule(
  kind: PassKind,
  status: PassStatus | '',
  logged: boolean,
  due: number,
  outcome: PassOutcome,
  at: number,
): OfflinePassRule {
  if (logged) return 'logged';
  if (kind !== PassScheduled) return 'scheduled';
  if (status === PassOnHold && outcome === OutcomeGiven) return 'onHold';
  if (!passOpen(due, at)) return 'windowNotOpen';
  return '';
}

/** Why a PRN dose of an order (as last seen) may not be kept: not a PRN order, not current, on hold. */
export function offlinePrnRule(type: MedicationType, status: MedicationStatus, onHold: boolean): OfflinePrnRule {
  if (type !== MedicationPRN) return 'prn';
  if (status !== MedicationCurrent) return 'notCurrent';
  if (onHold) return 'orderOnHold';
  return '';
}

/** Why the time a write says it happened (0 = when made) may not be kept at the server's `now`: ahead, too old. */
export function offlineTimeRule(at: number, now: number): OfflineTimeRule {
  if (at < 0) return 'minimum';
  if (at === 0) return '';
  if (at > now + PassClockSkewSeconds * 1000) return 'maximum';
  if (at < now - PassLogMaxAgeDays * 24 * 3_600_000) return 'minimum';
  return '';
}
