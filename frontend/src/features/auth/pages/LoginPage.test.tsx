import { describe, expect, it } from 'vitest';
import type { LoginResult } from '@/types/api.gen';
import { encodePassword } from '@/lib/crypto/password-codec.js';
import { useSessionStore } from '@/lib/session/store';
import { fakeServer, refuse, renderScreen, screen, within } from '@/test/render';
import LoginPage from './LoginPage';

const KEY = '0123456789abcdef';

const signedIn: LoginResult = {
  token: 'header.eyJleHAiOjQxMDI0NDQ4MDB9.sig',
  refreshToken: 'r1',
  refreshTokenExpireTime: Date.now() + 86_400_000,
  loginUserInfo: { userId: 'u-grace', roles: 'CAREGIVER_STAFF', userName: 'Grace Kim', timeZoneId: 'PT' },
  subscriptionPlan: 'PREMIUM_PLAN',
  twoFactorAuthentication: false,
  sendEmailVerifyCode: false,
};

function server() {
  return fakeServer().on('GET', '/system/config/public', { loginAesKey: KEY, version: '1.4.0', dev: false });
}

describe('/login', () => {
  it('signs the person in with the account and the encoded password', async () => {
    const api = server().on('POST', '/system/user/login', signedIn);
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    // The version from /config/public is shown at the foot.
    expect(await screen.findByText('Version 1.4.0')).toBeTruthy();
    await user.type(screen.getByLabelText('Account or e-mail'), '  grace ');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await expect.poll(() => useSessionStore.getState().session?.userId).toBe('u-grace');
    expect(api.lastBody('/system/user/login')).toEqual({ account: 'grace', password: encodePassword('Secret#2026', KEY) });
  });

  it('says what is missing under each field and sends nothing', async () => {
    const api = server();
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Account is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.callsTo('/system/user/login')).toHaveLength(0);
  });

  it('shows the server’s reason when the sign-in is refused, and the lock with its wait', async () => {
    const api = server().on('POST', '/system/user/login', refuse('4101', 'Wrong account or password. 4 attempts left.'));
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    await user.type(screen.getByLabelText('Account or e-mail'), 'grace');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Login failed' });
    expect(within(dialog).getByText('Wrong account or password. 4 attempts left.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(useSessionStore.getState().session).toBeNull();

    api.on('POST', '/system/user/login', refuse('4029', 'locked', { retryAfterSeconds: 120 }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 120 seconds.');
  });

  it('asks for the e-mailed code when the account has two-step sign-in', async () => {
    const api = server()
      .on('POST', '/system/user/login', { twoFactorAuthentication: true, sendEmailVerifyCode: true, challengeId: 'ch-1', maskedEmail: 'g***@example.com' })
      .on('POST', '/system/user/twoFactorAuthentication', refuse('4103', 'wrong code', { attemptsLeft: 2 }));
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    await user.type(screen.getByLabelText('Account or e-mail'), 'grace');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('We sent a 6-digit code to g***@example.com.')).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is wrong. 2 tries left.')).toBeTruthy();
    expect(api.lastBody('/system/user/twoFactorAuthentication')).toMatchObject({ account: 'grace', verifyCode: '123456', challengeId: 'ch-1' });
  });

  it('shows customer service’s phone (the parameter the super admin sets) when the facility awaits approval', async () => {
    const api = server()
      .on('POST', '/system/user/login', refuse('4107', 'Your facility is being reviewed.'))
      .on('GET', '/system/params/public', { helpPhone: '2065550100' });
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    await user.type(screen.getByLabelText('Account or e-mail'), 'owner_new');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Facility under review' });
    expect(await within(dialog).findByText('If you need help, please contact customer service at 2065550100.')).toBeTruthy();
    expect(api.callsTo('/system/params/public')).toHaveLength(1);
  });

  it('leaves the phone out of the pending-approval dialog when none is set', async () => {
    server()
      .on('POST', '/system/user/login', refuse('4107', 'Your facility is being reviewed.'))
      .on('GET', '/system/params/public', { helpPhone: '' });
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    await user.type(screen.getByLabelText('Account or e-mail'), 'owner_new');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Facility under review' });
    expect(within(dialog).getByText(/being reviewed/)).toBeTruthy();
    await expect.poll(() => within(dialog).queryByText(/customer service/)).toBeNull();
  });

  it('waits the resend time the server names before offering another code', async () => {
    server().on('POST', '/system/user/login', {
      twoFactorAuthentication: true,
      sendEmailVerifyCode: true,
      challengeId: 'ch-1',
      maskedEmail: 'g***@example.com',
      resendAfterSeconds: 30,
    });
    const { user } = await renderScreen(<LoginPage />, { route: '/login', user: null });

    await user.type(screen.getByLabelText('Account or e-mail'), 'grace');
    await user.type(screen.getByLabelText('Password'), 'Secret#2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('We sent a 6-digit code to g***@example.com.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Resend code \((30|29) s\)$/ })).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    server();
    await renderScreen(<LoginPage />, { route: '/login', user: null, language: 'es-ES' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Iniciar sesión');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });
});
