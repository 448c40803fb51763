import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@/types/api.gen';
import {
  accessTokenExpiry,
  accessTokenNeedsRefresh,
  clearSession,
  DEVICE_ID_KEY,
  deviceId,
  LANGUAGE_KEY,
  parseRoles,
  readSession,
  saveLogin,
  saveTokens,
  SESSION_KEYS,
  signInTime,
  USER_ID_TTL_MS,
  type KeyValueStore,
} from './session';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}

const loginAnswer: LoginResult = {
  token: 'access',
  refreshToken: 'refresh',
  refreshTokenExpireTime: 2_000_000_000_000,
  loginUserInfo: { userId: 'u1', roles: 'FACILITY_OWNER, FACILITY_ADMIN', timeZoneId: 'PT', tenantId: 't1', userName: 'Olive' },
  subscriptionPlan: 'PREMIUM_PLAN',
  twoFactorAuthentication: false,
  sendEmailVerifyCode: false,
};

function jwt(payload: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.sig`;
}

describe('session storage (spec 000 §4 "Session")', () => {
  it('keeps tokens, user info, plan, roles, user id with a timestamp and time zone', () => {
    const store = memoryStore();
    saveLogin(loginAnswer, 1000, store);
    expect(JSON.parse(store.getItem(SESSION_KEYS.userId)!)).toEqual({ value: 'u1', time: 1000 });
    expect(readSession(2000, store)).toEqual({
      token: 'access',
      refreshToken: 'refresh',
      refreshTokenExpireTime: 2_000_000_000_000,
      userInfo: loginAnswer.loginUserInfo,
      plan: 'PREMIUM_PLAN',
      roles: ['FACILITY_OWNER', 'FACILITY_ADMIN'],
      userId: 'u1',
      timeZone: 'PT',
      mustChangePassword: false,
    });
  });

  it('forgets the credentials once the user-id entry is 8 hours old', () => {
    const store = memoryStore();
    store.setItem(LANGUAGE_KEY, 'es-ES');
    store.setItem(DEVICE_ID_KEY, 'dev');
    saveLogin(loginAnswer, 1000, store);
    expect(readSession(1000 + USER_ID_TTL_MS - 1, store)).not.toBeNull();
    expect(readSession(1000 + USER_ID_TTL_MS, store)).toBeNull();
    for (const key of Object.values(SESSION_KEYS)) expect(store.getItem(key)).toBeNull();
    // the language and device id are not credentials
    expect(store.getItem(LANGUAGE_KEY)).toBe('es-ES');
    expect(store.getItem(DEVICE_ID_KEY)).toBe('dev');
  });

  it('uses 28800000 ms as the spec says', () => {
    expect(USER_ID_TTL_MS).toBe(28_800_000);
  });

  it('treats a missing or damaged user-id entry as signed out', () => {
    const store = memoryStore();
    saveLogin(loginAnswer, 1000, store);
    store.setItem(SESSION_KEYS.userId, 'not json');
    expect(readSession(1000, store)).toBeNull();
    expect(store.getItem(SESSION_KEYS.token)).toBeNull();
  });

  it('a refresh replaces the token pair but not the sign-in time', () => {
    const store = memoryStore();
    saveLogin(loginAnswer, 1000, store);
    saveTokens({ ...loginAnswer, token: 'access2', refreshToken: 'refresh2' }, store);
    const s = readSession(1000 + USER_ID_TTL_MS - 1, store);
    expect(s?.token).toBe('access2');
    expect(s?.refreshToken).toBe('refresh2');
    expect(readSession(1000 + USER_ID_TTL_MS, store)).toBeNull();
  });

  it('a refresh keeps the plan the server names now (a plan paid or refunded since sign-in)', () => {
    const store = memoryStore();
    saveLogin({ ...loginAnswer, subscriptionPlan: 'FREE_PLAN' }, 1000, store);
    saveTokens({ ...loginAnswer, token: 'access2', refreshToken: 'refresh2', subscriptionPlan: 'PREMIUM_PLAN' }, store);
    expect(readSession(2000, store)?.plan).toBe('PREMIUM_PLAN');
  });

  it('refuses a login answer without tokens', () => {
    expect(() => saveLogin({ twoFactorAuthentication: true, sendEmailVerifyCode: true }, 0, memoryStore())).toThrow();
  });

  it('clearSession forgets every credential', () => {
    const store = memoryStore();
    saveLogin(loginAnswer, 1000, store);
    clearSession(store);
    expect(readSession(1000, store)).toBeNull();
    expect(store.data.size).toBe(0);
  });
});

describe('parseRoles', () => {
  it('splits the comma string', () => {
    expect(parseRoles('SUPER_ADMIN')).toEqual(['SUPER_ADMIN']);
    expect(parseRoles(' A ,B,,')).toEqual(['A', 'B']);
    expect(parseRoles(undefined)).toEqual([]);
  });
});

describe('access token expiry', () => {
  it('reads exp from a JWT', () => {
    expect(accessTokenExpiry(jwt({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
    expect(accessTokenExpiry('opaque')).toBeUndefined();
    expect(accessTokenExpiry('a.!!!.c')).toBeUndefined();
  });

  it('asks for a refresh within a minute of expiry', () => {
    const token = jwt({ exp: 1000 });
    expect(accessTokenNeedsRefresh(token, 1000_000 - 61_000)).toBe(false);
    expect(accessTokenNeedsRefresh(token, 1000_000 - 60_000)).toBe(true);
    expect(accessTokenNeedsRefresh(token, 2000_000)).toBe(true);
    expect(accessTokenNeedsRefresh('opaque', 0)).toBe(false);
  });
});

describe('deviceId', () => {
  it('is random once, then kept', () => {
    const store = memoryStore();
    const id = deviceId(store);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId(store)).toBe(id);
    expect(deviceId(memoryStore())).not.toBe(id);
  });
});

describe('switching facility', () => {
  it('keeps the sign-in time, so the 8-hour rule counts from the sign-in, not the switch', () => {
    const store = memoryStore();
    saveLogin(loginAnswer, 1_000_000, store);
    expect(signInTime(store)).toBe(1_000_000);
    const cedar: LoginResult = { ...loginAnswer, token: 'access2', loginUserInfo: { ...loginAnswer.loginUserInfo!, tenantId: 't2', timeZoneId: 'MT' } };
    saveLogin(cedar, signInTime(store), store);
    const s = readSession(1_000_000 + USER_ID_TTL_MS - 1, store);
    expect(s?.token).toBe('access2');
    expect(s?.userInfo.tenantId).toBe('t2');
    expect(s?.timeZone).toBe('MT');
    expect(readSession(1_000_000 + USER_ID_TTL_MS, store)).toBeNull();
  });

  it('has no sign-in time without a session', () => {
    expect(signInTime(memoryStore())).toBeUndefined();
  });
});
