import { readSession, clearSession } from '@/lib/session/session';
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
  window.location.assign(to);
}
