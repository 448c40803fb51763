// The caregiver's request form (spec 000 §3 "Application": type, start, end, reason) and how a request's
// state reads (spec 000 §4 "Leave request: pending, approved (pass), refused").

import { ApplicationCommentMax, ApplicationReasonMax } from '@/types/api.gen';
/** spec 001 §9 input lengths: details 1000 (shared/request.go, make types). */
export const REASON_MAX = ApplicationReasonMax;
/** spec 001 §9 input lengths: sub details 300 (the approver's comment). */
export const COMMENT_MAX = ApplicationCommentMax;

export interface RequestDraft {
  type: string;
  /** datetime-local text, "YYYY-MM-DDTHH:mm" in the facility's zone ("" when empty). */
  start: string;
  end: string;
  reason: string;
}

export type RequestField = 'type' | 'start' | 'end' | 'reason';
export type RequestProblem = 'required' | 'endBeforeStart' | 'tooLong';

/** Problems by field; empty when the request can be sent. */
export function requestProblems(d: RequestDraft): Partial<Record<RequestField, RequestProblem>> {
  const out: Partial<Record<RequestField, RequestProblem>> = {};
  if (!d.type) out.type = 'required';
  if (!d.start) out.start = 'required';
  if (!d.end) out.end = 'required';
  // Both are the same fixed-width local format, so text order is time order.
  else if (d.start && d.end <= d.start) out.end = 'endBeforeStart';
  if (!d.reason.trim()) out.reason = 'required';
  else if (d.reason.length > REASON_MAX) out.reason = 'tooLong';
  return out;
}

export type RequestTone = 'pending' | 'approved' | 'refused' | 'unknown';

/** The spec's "pass" is approved. */
export function requestTone(status: string): RequestTone {
  switch (status.toUpperCase()) {
    case 'PENDING':
      return 'pending';
    case 'APPROVED':
    case 'PASS':
      return 'approved';
    case 'REFUSED':
    case 'REJECTED':
      return 'refused';
    default:
      return 'unknown';
  }
}

/** Pending first, then newest first (the approvals list). */
export function approvalsOrder<T extends { status: string; createTime: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => {
    const pa = requestTone(a.status) === 'pending' ? 0 : 1;
    const pb = requestTone(b.status) === 'pending' ? 0 : 1;
    return pa - pb || b.createTime - a.createTime;
  });
}
