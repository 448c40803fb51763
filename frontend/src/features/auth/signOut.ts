import { readSession, clearSession } from '@/lib/session/session';
import { forgetKeptReads } from '@/lib/phone/keptReads';
import { logout } from './api/logout';

/** Revokes the session on the server (best effort), forgets everything, and reloads on /login (spec 000 §4). */
export async function signOut(to = '/login'): Promise<void> {
  const session = readSession();
  if (session) {
    try {
      await logout({ refreshToken: session.refreshToken });
    } catch {
      // Signing out locally must work even when the server can't be reached.
    }
  }
  clearSession();
  // What this phone kept to read offline goes before the page leaves (lib/phone/keptReads.ts).
  if (typeof indexedDB !== 'undefined') await forgetKeptReads().catch(() => undefined);
  window.location.assign(to);
}
