import { create } from 'zustand';
import type { LoginResult } from '@/types/api.gen';
import { clearSession, readSession, saveLogin, saveTokens, setMustChangePassword, signInTime, type StoredSession } from './session';
import { serverNow } from '@/lib/time/serverClock';

interface SessionState {
  session: StoredSession | null;
}

/** Client state mirroring the stored session, so React re-renders when a user signs in or out. */
export const useSessionStore = create<SessionState>(() => ({ session: readSession() }));

type EndListener = () => void;
const endListeners = new Set<EndListener>();

/** Runs fn whenever a session ends (the query cache, for one, must forget the previous user). */
export function onSessionEnd(fn: EndListener): () => void {
  endListeners.add(fn);
  return () => endListeners.delete(fn);
}

export function signIn(result: LoginResult): void {
  saveLogin(result);
  useSessionStore.setState({ session: readSession() });
}

/** Moves this sign-in to another facility (a switchFacility answer); the 8-hour rule keeps counting from the sign-in. */
export function switchSession(result: LoginResult): void {
  saveLogin(result, signInTime() ?? serverNow());
  useSessionStore.setState({ session: readSession() });
}

export function storeRefreshedTokens(result: LoginResult): void {
  saveTokens(result);
  useSessionStore.setState({ session: readSession() });
}

export function requirePasswordChange(on: boolean): void {
  setMustChangePassword(on);
  useSessionStore.setState({ session: readSession() });
}

/** The current session, re-read from storage so the 8-hour rule applies at every use. */
export function currentSession(): StoredSession | null {
  return readSession();
}

/** Forgets the session and tells the listeners; the route guard then sends the user to /login. */
export function endSession(): void {
  clearSession();
  useSessionStore.setState({ session: null });
  for (const fn of endListeners) fn();
}
