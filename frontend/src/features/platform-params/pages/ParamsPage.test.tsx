import { afterEach, describe, expect, it } from 'vitest';
import { RoleSuperAdmin } from '@/types/api.gen';
import { NARROW_QUERY } from '@/lib/ui/useNarrow';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import type { Param } from '../api/params';
import ParamsPage, { groupParams } from './ParamsPage';

const superAdmin = { roles: [RoleSuperAdmin] };

function param(p: Partial<Param> & Pick<Param, 'key' | 'group'>): Param {
  return {
    kind: 'INT',
    value: '10',
    defaultValue: '10',
    min: 3,
    max: 50,
    unit: '',
    description: `About ${p.key}`,
    roles: [RoleSuperAdmin],
    isDefault: true,
    updatedBy: '',
    updateTime: 0,
    ...p,
  };
}

const list: Param[] = [
  param({ key: 'signIn.lockAfterFailures', group: 'signIn', unit: 'count', description: 'Wrong passwords that lock the sign-in.' }),
  param({ key: 'signIn.lockMinutes', group: 'signIn', unit: 'minutes', value: '30', defaultValue: '15', isDefault: false, min: 1, max: 1440 }),
  param({ key: 'password.maxAgeDays', group: 'password', unit: 'days', value: '90', defaultValue: '90', min: 7, max: 365 }),
  param({ key: 'chat.recallSeconds', group: 'chat', unit: 'seconds', value: '120', defaultValue: '120', min: 10, max: 86400 }),
  param({ key: 'support.helpPhone', group: 'support', kind: 'TEXT', value: '', defaultValue: '', min: 0, max: 20 }),
];

/** A window as wide as a phone (390 px): the layout's narrow query matches. */
function phoneWidth(): () => void {
  const wide = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...wide(query), matches: query === NARROW_QUERY }) as MediaQueryList;
  Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
  return () => {
    window.matchMedia = wide;
    Object.defineProperty(window, 'innerWidth', { value: 1024, configurable: true });
  };
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('groupParams', () => {
  it('keeps the server’s order of groups and of parameters in each', () => {
    expect(groupParams(list).map((g) => [g.group, g.params.length])).toEqual([
      ['signIn', 2],
      ['password', 1],
      ['chat', 1],
      ['support', 1],
    ]);
  });
});

describe('/params-setting', () => {
  it('lists the parameters under their group, each with its value, unit and default', async () => {
    fakeServer().on('GET', '/system/params/list', list);
    await renderScreen(<ParamsPage />, { route: '/params-setting', user: superAdmin, strings: ['platform-params'] });

    const signIn = await screen.findByRole('region', { name: 'Sign-in' });
    const lock = within(signIn).getByTestId('param-signIn.lockMinutes');
    expect(within(lock).getByText('30 minutes')).toBeTruthy();
    expect(within(lock).getByText('15 minutes')).toBeTruthy();
    expect(within(within(signIn).getByTestId('param-signIn.lockAfterFailures')).getAllByText(/10 times/)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Passwords' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Chat' })).getAllByText(/120 seconds/)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Customer service' })).toBeTruthy();
  });

  it('on a 390 px phone shows each parameter as a card under its group, and a value out of bounds is not sent', async () => {
    restore = phoneWidth();
    const api = fakeServer().on('GET', '/system/params/list', list);
    const { user } = await renderScreen(<ParamsPage />, { route: '/params-setting', user: superAdmin, strings: ['platform-params'] });

    const heading = await screen.findByRole('heading', { name: 'Sign-in' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByTestId('param-signIn.lockAfterFailures');
    expect(card.tagName).toBe('LI');
    expect(heading.closest('section')?.contains(card)).toBe(true);
    expect(within(card).getByText('Wrong passwords that lock the sign-in.')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Change signIn.lockAfterFailures' }));
    const input = await screen.findByTestId('param-value');
    await user.clear(input);
    await user.type(input, '2');
    expect(screen.getByText('A whole number from 3 to 50.')).toBeTruthy();
    expect((screen.getByTestId('param-save') as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('/system/params/update')).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    fakeServer().on('GET', '/system/params/list', list);
    await renderScreen(<ParamsPage />, { route: '/params-setting', user: superAdmin, strings: ['platform-params'], language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '登录' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '客户服务' })).toBeTruthy();
  });
});
