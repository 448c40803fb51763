import type { LoginResult, LoginUserInfo } from '@/types/api.gen';
import { randomId } from '@/lib/crypto/randomId';
import { serverNow } from '@/lib/time/serverClock';

/** spec 001 §9: the stored user-id entry lives 8 hours, then the user signs in again. */
export const USER_ID_TTL_MS = 28_800_000;

/** Where the session lives in localStorage (spec 000 §3 "Locally kept values"). */
export const SESSION_KEYS = {
  token: 'hearth.token',
  refreshToken: 'hearth.refreshToken',
  refreshTokenExpireTime: 'hearth.refreshTokenExpireTime',
  userInfo: 'hearth.userInfo',
  plan: 'hearth.plan',
  roles: 'hearth.roles',
  userId: 'hearth.userId',
  timeZone: 'hearth.timeZone',
  mustChangePassword: 'hearth.mustChangePassword',
} as const;

/** Kept across sign-outs: the interface language and this browser's device id. */
export const LANGUAGE_KEY = 'hearth.language';
export const DEVICE_ID_KEY = 'hearth.deviceId';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface StoredSession {
  token: string;
  refreshToken: string;
  refreshTokenExpireTime: number;
  userInfo: LoginUserInfo;
  plan: string;
  roles: string[];
  userId: string;
  timeZone: string;
  /** A temporary password that must be changed before anything else (spec 000 §4 "Session"). */
  mustChangePassword: boolean;
}

interface UserIdEntry {
  value: string;
  time: number;
}

function defaultStore(): KeyValueStore {
  return globalThis.localStorage;
}

/** Splits the comma string of the login answer ("FACILITY_OWNER,FACILITY_ADMIN") into roles. */
export function parseRoles(roles: string | undefined): string[] {
  return (roles ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
}

/** Keeps what a token-bearing login answer says about the session. */
export function saveLogin(result: LoginResult, now = serverNow(), store: KeyValueStore = defaultStore()): void {
  if (!result.token || !result.refreshToken) {
    throw new Error('login answer carries no tokens');
  }
  const info = result.loginUserInfo ?? { roles: '' };
  const entry: UserIdEntry = { value: info.userId ?? '', time: now };
  store.setItem(SESSION_KEYS.token, result.token);
  store.setItem(SESSION_KEYS.refreshToken, result.refreshToken);
  store.setItem(SESSION_KEYS.refreshTokenExpireTime, String(result.refreshTokenExpireTime ?? 0));
  store.setItem(SESSION_KEYS.userInfo, JSON.stringify(info));
  store.setItem(SESSION_KEYS.plan, result.subscriptionPlan ?? '');
  store.setItem(SESSION_KEYS.roles, JSON.stringify(parseRoles(info.roles)));
  store.setItem(SESSION_KEYS.userId, JSON.stringify(entry));
  store.setItem(SESSION_KEYS.timeZone, info.timeZoneId ?? '');
  store.removeItem(SESSION_KEYS.mustChangePassword);
}

/** When the stored sign-in began (the user-id entry's time), or undefined when none is stored. */
export function signInTime(store: KeyValueStore = defaultStore()): number | undefined {
  const entry = parseJSON<UserIdEntry>(store.getItem(SESSION_KEYS.userId));
  return entry && typeof entry.time === 'number' ? entry.time : undefined;
}

/**
 * Keeps the rotated token pair of a refresh answer; the user-id entry keeps its sign-in time. The answer names the
 * home's plan as it is now (a paid upgrade or a refund may have changed it since sign-in): kept too.
 */
export function saveTokens(result: LoginResult, store: KeyValueStore = defaultStore()): void {
  if (!result.token || !result.refreshToken) {
    throw new Error('refresh answer carries no tokens');
  }
  store.setItem(SESSION_KEYS.token, result.token);
  store.setItem(SESSION_KEYS.refreshToken, result.refreshToken);
  store.setItem(SESSION_KEYS.refreshTokenExpireTime, String(result.refreshTokenExpireTime ?? 0));
  if (result.subscriptionPlan) store.setItem(SESSION_KEYS.plan, result.subscriptionPlan);
}

export function setMustChangePassword(on: boolean, store: KeyValueStore = defaultStore()): void {
  if (on) store.setItem(SESSION_KEYS.mustChangePassword, '1');
  else store.removeItem(SESSION_KEYS.mustChangePassword);
}

/** Forgets every credential; language and device id stay. */
export function clearSession(store: KeyValueStore = defaultStore()): void {
  for (const key of Object.values(SESSION_KEYS)) store.removeItem(key);
}

function parseJSON<T>(text: string | null): T | undefined {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/**
 * The stored session, or null when there is none. An expired user-id entry (older than 8 hours) or a
 * damaged one clears the stored credentials, so the user signs in again (spec 000 §4 "Session").
 */
export function readSession(now = serverNow(), store: KeyValueStore = defaultStore()): StoredSession | null {
  const token = store.getItem(SESSION_KEYS.token);
  const refreshToken = store.getItem(SESSION_KEYS.refreshToken);
  if (!token || !refreshToken) return null;
  const entry = parseJSON<UserIdEntry>(store.getItem(SESSION_KEYS.userId));
  if (!entry || typeof entry.time !== 'number' || now - entry.time >= USER_ID_TTL_MS || now < entry.time - 60_000) {
    clearSession(store);
    return null;
  }
  const userInfo = parseJSON<LoginUserInfo>(store.getItem(SESSION_KEYS.userInfo)) ?? { roles: '' };
  const roles = parseJSON<string[]>(store.getItem(SESSION_KEYS.roles)) ?? parseRoles(userInfo.roles);
  return {
    token,
    refreshToken,
    refreshTokenExpireTime: Number(store.getItem(SESSION_KEYS.refreshTokenExpireTime) ?? 0),
    userInfo,
    plan: store.getItem(SESSION_KEYS.plan) ?? '',
    roles,
    userId: entry.value,
    timeZone: store.getItem(SESSION_KEYS.timeZone) ?? '',
    mustChangePassword: store.getItem(SESSION_KEYS.mustChangePassword) === '1',
  };
}

/** Seconds-since-epoch `exp` of a JWT access token, in ms; undefined when the token is not a readable JWT. */
export function accessTokenExpiry(token: string): number | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** Refresh this long before the access token runs out, so a call never leaves with a dying token. */
export const REFRESH_MARGIN_MS = 60_000;

export function accessTokenNeedsRefresh(token: string, now = serverNow()): boolean {
  const exp = accessTokenExpiry(token);
  return exp !== undefined && exp - now <= REFRESH_MARGIN_MS;
}

/** A random id for X-Device-Id, kept in localStorage; getRandomValues works outside secure contexts too. */
export function deviceId(store: KeyValueStore = defaultStore()): string {
  let id = store.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = randomId();
    store.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}
