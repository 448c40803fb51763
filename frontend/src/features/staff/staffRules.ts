// Staff form bounds (spec 000 §5, 001 §9) and who may do what to a staff member (spec 000 §6, issue 5).

import { AccountMax, AccountMin, MailMax, MailMin, PhoneMax, PhoneMin, StaffNameMax } from '@/types/api.gen';

/** spec 001 §9 field bounds, from shared/limits.go (make types). */
export const ACCOUNT_MIN = AccountMin;
export const ACCOUNT_MAX = AccountMax;
export const PHONE_MIN = PhoneMin;
export const PHONE_MAX = PhoneMax;
export const MAIL_MIN = MailMin;
export const MAIL_MAX = MailMax;
/** spec 001 §9 input lengths: short 50. */
export const NAME_MAX = StaffNameMax;

export type FieldProblem = 'required' | 'format' | 'length' | 'taken';

/** spec 000 §5: letters, digits and underscore, starting with a letter, 6–20. */
export function accountProblem(v: string): FieldProblem | null {
  if (v === '') return 'required';
  if (v.length < ACCOUNT_MIN || v.length > ACCOUNT_MAX) return 'length';
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(v)) return 'format';
  return null;
}

/** spec 000 §5: required, 10–20; digits with + ( ) - and spaces, as the server accepts. */
export function phoneProblem(v: string): FieldProblem | null {
  if (v === '') return 'required';
  if (v.length < PHONE_MIN || v.length > PHONE_MAX) return 'length';
  if (!/^[0-9+()\- ]+$/.test(v)) return 'format';
  return null;
}

/** spec 000 §5: required, a valid address, 5–100. */
export function emailProblem(v: string): FieldProblem | null {
  if (v === '') return 'required';
  if (v.length < MAIL_MIN || v.length > MAIL_MAX) return 'length';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return 'format';
  return null;
}

export function nameProblem(v: string): FieldProblem | null {
  if (v.trim() === '') return 'required';
  if (v.length > NAME_MAX) return 'length';
  return null;
}

export const ROLE_ADMIN = 'FACILITY_ADMIN';
export const ROLE_CAREGIVER = 'CAREGIVER_STAFF';
const OWNER_ROLES = ['FACILITY_OWNER', 'FACILITY_OWNER_REGISTER'];

export interface StaffActions {
  edit: boolean;
  /** Promote to admin (owner only, on a caregiver). */
  promote: boolean;
  /** Demote to caregiver (owner only, on an admin). */
  demote: boolean;
  enable: boolean;
  disable: boolean;
  delete: boolean;
  uploadCredential: boolean;
}

/**
 * What the viewer may do to a staff member. Owners do everything; an admin manages caregivers but not other
 * admins, and never changes roles (issue 5: changeRoleType is owner only). Nobody acts on themselves here.
 */
export function staffActions(
  viewerRoles: readonly string[],
  viewerId: string | undefined,
  staff: { userId?: string; roleType: string; status: string },
): StaffActions {
  const owner = viewerRoles.some((r) => OWNER_ROLES.includes(r));
  const admin = !owner && viewerRoles.includes(ROLE_ADMIN);
  const self = viewerId !== undefined && staff.userId === viewerId;
  const manage = !self && (owner || (admin && staff.roleType === ROLE_CAREGIVER));
  const status = staff.status.toUpperCase();
  return {
    edit: manage,
    promote: owner && !self && staff.roleType === ROLE_CAREGIVER,
    demote: owner && !self && staff.roleType === ROLE_ADMIN,
    enable: manage && status === 'DISABLED',
    disable: manage && status !== 'DISABLED',
    delete: manage,
    uploadCredential: owner || admin,
  };
}
