// How a credential checklist item reads (issue 5: OK / expiring soon / overdue, colour-coded and with text,
// never colour alone). The state itself is computed by the server's rules engine.
import { Intent } from '@blueprintjs/core';
import {
  InspectionDue,
  InspectionExpiringSoon,
  InspectionOK,
  InspectionOverdue,
  type InspectionItem,
  type InspectionState,
} from '@/types/api.gen';

export type CredentialIcon = 'tick-circle' | 'time' | 'error' | 'circle';

export interface CredentialLook {
  intent: Intent;
  icon: CredentialIcon;
  /** i18n key of the state's words. */
  textKey: 'staff.credential.state.ok' | 'staff.credential.state.due' | 'staff.credential.state.expiringSoon' | 'staff.credential.state.overdue';
}

const LOOKS: Record<string, CredentialLook> = {
  [InspectionOK]: { intent: Intent.SUCCESS, icon: 'tick-circle', textKey: 'staff.credential.state.ok' },
  [InspectionDue]: { intent: Intent.PRIMARY, icon: 'circle', textKey: 'staff.credential.state.due' },
  [InspectionExpiringSoon]: { intent: Intent.WARNING, icon: 'time', textKey: 'staff.credential.state.expiringSoon' },
  [InspectionOverdue]: { intent: Intent.DANGER, icon: 'error', textKey: 'staff.credential.state.overdue' },
};

/** The intent, icon and words of a checklist state; an unknown state reads as "due" (needs a look). */
export function credentialLook(state: InspectionState): CredentialLook {
  return Object.hasOwn(LOOKS, state) ? LOOKS[state] : LOOKS[InspectionDue];
}

const ORDER: Record<string, number> = { [InspectionOverdue]: 0, [InspectionExpiringSoon]: 1, [InspectionDue]: 2, [InspectionOK]: 3 };

/** Worst first (overdue, expiring soon, due, ok), then by due date, so what needs doing is on top. */
export function checklistOrder(items: readonly InspectionItem[]): InspectionItem[] {
  return [...items].sort(
    (a, b) =>
      (ORDER[a.state] ?? 2) - (ORDER[b.state] ?? 2) ||
      (a.dueDate || '9999').localeCompare(b.dueDate || '9999') ||
      a.rule.localeCompare(b.rule),
  );
}

/** The list's warning for a staff member: "2 overdue", "1 expiring", both, or nothing. */
export function credentialWarnings(overdue: number, expiringSoon: number): { overdue: number; expiringSoon: number } | null {
  const o = Math.max(0, overdue || 0);
  const e = Math.max(0, expiringSoon || 0);
  return o + e > 0 ? { overdue: o, expiringSoon: e } : null;
}

/** Whether an upload form asks for CE hours: continuing education and the food-safety CE count hours. */
export function asksForHours(type: string): boolean {
  return type === 'CONTINUING_EDUCATION' || type === 'FOOD_SAFETY_CE' || type.startsWith('SPECIALTY_') || type.startsWith('NURSE_DELEGATION_');
}

/** An upload's dates: issue date required and not in the future; expiry, when given, after the issue date. */
export function credentialDateProblems(
  issueDate: string,
  expiryDate: string,
  today: string,
): { issueDate?: 'required' | 'future'; expiryDate?: 'beforeIssue' } {
  const out: { issueDate?: 'required' | 'future'; expiryDate?: 'beforeIssue' } = {};
  if (!issueDate) out.issueDate = 'required';
  else if (issueDate > today) out.issueDate = 'future';
  if (expiryDate && issueDate && expiryDate <= issueDate) out.expiryDate = 'beforeIssue';
  return out;
}
