import { readSession, clearSession } from '@/lib/session/session';
import { forgetKeptReads } from '@/lib/phone/keptReads';
import { sendNow } from '@/lib/phone/outboxSend';
import { forgetThisDevicePush } from '@/lib/push/devicePush';
import { logout } from './api/logout';

/** Revokes the session on the server (best effort), forgets everything, and reloads on /login (spec 000 §4). */
export async function signOut(to = '/login'): Promise<void> {
  const session = readSession();
  // Writes this phone kept go first, with the session they were made in (a few seconds at most; what cannot
  // be sent waits on this phone for its person's next sign-in here: lib/phone/outboxSend.ts).
  if (session) await Promise.race([sendNow(), new Promise((resolve) => setTimeout(resolve, 5_000))]).catch(() => undefined);
  if (session) {
    // This phone's alerts stop with the sign-in: the server forgets the device, the browser its subscription.
    await forgetThisDevicePush().catch(() => undefined);
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
