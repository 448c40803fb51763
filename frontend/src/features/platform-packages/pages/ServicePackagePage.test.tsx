import { describe, expect, it } from 'vitest';
import type { ServicePackage } from '@/types/api.gen';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import { blankPackage } from '../api/packages';
import ServicePackagePage from './ServicePackagePage';

const superAdmin = { roles: [RoleSuperAdmin] };

const free: ServicePackage = {
  ...blankPackage(),
  id: 'BASE_PACKAGE',
  name: 'Free',
  description: 'Try Hearth with two residents.',
  limits: { ...blankPackage().limits, maxResidents: 2, maxFileMb: 20 },
  homes: 1,
};
const essential: ServicePackage = {
  ...blankPackage(),
  id: 'ESSENTIAL_PACKAGE',
  name: 'Essential',
  role: 'ESSENTIAL_PLAN',
  priceCents: 4900,
  validityPeriod: 1,
  limits: { ...blankPackage().limits, maxResidents: 8, maxCaregivers: 6 },
  homes: 1,
};

describe('/service-package-management', () => {
  it('lists the packages with price, validity and limits (0 = free, permanent, unlimited) and links to their function permissions', async () => {
    fakeServer().on('GET', '/system/servicePackage/list', [free, essential]);
    await renderScreen(<ServicePackagePage />, { route: '/service-package-management', user: superAdmin, strings: ['platform-packages'] });
    const rows = await screen.findAllByTestId('package-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByText('Free').length).toBeGreaterThan(0);
    expect(within(rows[0]).getByText('Permanent')).toBeTruthy();
    expect(within(rows[0]).getByText('Unlimited')).toBeTruthy(); // caregivers
    expect(within(rows[1]).getByText('$49.00')).toBeTruthy();
    expect(within(rows[1]).getByText('1 month')).toBeTruthy();
    expect(within(rows[1]).getByText('6')).toBeTruthy();
    const link = within(rows[1]).getByRole('link', { name: 'Function permissions' });
    expect(link.getAttribute('href')).toBe('/function-permission-management?packageId=ESSENTIAL_PLAN');
  });

  it('adds a package: basic information, then its limits; a too-short name is said and cannot be saved', async () => {
    const api = fakeServer()
      .on('GET', '/system/servicePackage/list', [free])
      .on('POST', '/system/servicePackage/save', { ...essential, id: 'new' });
    const { user } = await renderScreen(<ServicePackagePage />, {
      route: '/service-package-management',
      user: superAdmin,
      strings: ['platform-packages'],
    });
    await user.click(await screen.findByRole('button', { name: 'Add package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add package' });
    await user.type(within(dialog).getByLabelText('Name'), 'G');
    expect(within(dialog).getByText('The name has 2 to 50 characters.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), 'old');
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '199.50');
    await user.selectOptions(within(dialog).getByLabelText('Plan'), 'PREMIUM_PLAN');
    await user.clear(within(dialog).getByLabelText('Validity period'));
    await user.type(within(dialog).getByLabelText('Validity period'), '1');
    await user.selectOptions(within(dialog).getByLabelText('Validity unit'), 'year');
    expect(within(dialog).getByRole('link', { name: 'Function permissions of the Premium plan' }).getAttribute('href')).toBe(
      '/function-permission-management?packageId=PREMIUM_PLAN',
    );

    await user.click(within(dialog).getByRole('tab', { name: 'Limits' }));
    await user.clear(within(dialog).getByLabelText('Residents'));
    await user.type(within(dialog).getByLabelText('Residents'), '12');
    await user.clear(within(dialog).getByLabelText('Caregivers'));
    await user.type(within(dialog).getByLabelText('Caregivers'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await screen.findByText('Package saved');
    expect(api.lastBody('/system/servicePackage/save')).toMatchObject({
      id: '',
      name: 'Gold',
      role: 'PREMIUM_PLAN',
      priceCents: 19950,
      validityPeriod: 1,
      validityUnit: 'year',
      currency: 'USD',
      status: 'ENABLED',
      limits: { maxResidents: 12, maxCaregivers: 5, maxIncidentReports: 0 },
    });
  });
});
