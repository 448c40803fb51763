// "Confirm resident" checks that the move-in is a new person: a resident (current, former or being moved
// in) with the same first and last name (any case, spaces aside) and the same date of birth is most likely
// the same person.
import type { Resident } from '@/types/api.gen';

function norm(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

export interface Identity {
  firstName: string;
  lastName: string;
  dob: string;
}

/** Same name and date of birth as someone else already on file (the resident being moved in aside). */
export function samePerson(identity: Identity, residents: readonly Resident[], ownId = ''): Resident[] {
  const first = norm(identity.firstName);
  const last = norm(identity.lastName);
  if (first === '' || last === '' || identity.dob === '') return [];
  const seen = new Set<string>();
  return residents.filter((r) => {
    if (r.residentId === ownId || seen.has(r.residentId)) return false;
    seen.add(r.residentId);
    return norm(r.firstName) === first && norm(r.lastName) === last && r.dob === identity.dob;
  });
}

/** The identity typed changed since it was checked (a new check is due). */
export function identityKey(identity: Identity): string {
  return [norm(identity.firstName), norm(identity.lastName), identity.dob].join('|');
}
