import { describe, expect, it } from 'vitest';
import { RoleSuperAdmin } from '@/types/api.gen';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import { blankRequirement, parseKeywords, type FacilityDocRequirementDef } from '../api/requirements';
import DocRequirementsPage from './DocRequirementsPage';

const superAdmin = { roles: [RoleSuperAdmin] };

const plan: FacilityDocRequirementDef = {
  ...blankRequirement('EMERGENCY_PREPAREDNESS'),
  code: 'EMERGENCY_DISASTER_PLAN',
  names: { 'en-US': 'Emergency and disaster plan', 'es-ES': 'Plan de emergencias y desastres', 'zh-CN': '应急与灾害计划' },
  source: 'WAC 388-76-10830 to 388-76-10895',
  sort: 10,
  checkItems: [
    {
      code: 'EDP_FOOD',
      labels: { 'en-US': 'Keeps an emergency food supply', 'es-ES': 'Mantiene alimentos de emergencia', 'zh-CN': '储备应急食物' },
      source: 'WAC 388-76-10835',
      keywords: ['food supply', 'alimentos'],
    },
    {
      code: 'EDP_WATER',
      labels: { 'en-US': 'Keeps a drinking water supply', 'es-ES': '', 'zh-CN': '' },
      source: 'WAC 388-76-10840',
      keywords: ['drinking water'],
    },
  ],
  documents: 3,
};
const license: FacilityDocRequirementDef = {
  ...blankRequirement('LICENSING_COMPLIANCE'),
  code: 'LICENSE',
  names: { 'en-US': 'License', 'es-ES': 'Licencia', 'zh-CN': '执照' },
  source: 'WAC 388-76-10005',
  expiryRequired: true,
  validityMonths: 12,
  expiringSoonDays: 60,
};
const oldPoster: FacilityDocRequirementDef = {
  ...blankRequirement('EMERGENCY_PREPAREDNESS'),
  code: 'OLD_POSTER',
  names: { 'en-US': 'Old evacuation poster', 'es-ES': '', 'zh-CN': '' },
  source: 'WAC 388-76-10885',
  retiredAt: 1_700_000_000_000,
  documents: 1,
};

/** The page over whatever the fake server answers (the whole set when the test set up nothing). */
async function open(api?: ReturnType<typeof fakeServer>, language?: 'zh-CN') {
  if (!api) fakeServer().on('GET', '/system/facilityDocRequirement/list', [plan, license, oldPoster]);
  return renderScreen(<DocRequirementsPage />, {
    route: '/facility-doc-requirements',
    user: superAdmin,
    strings: ['platform-doc-requirements'],
    language,
  });
}

describe('/facility-doc-requirements', () => {
  it('browses by category: names, sources, rules and check items; retired ones only when asked', async () => {
    const { user } = await open();
    let rows = await screen.findAllByTestId('docreq-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByRole('heading', { name: 'Emergency and disaster plan' })).toBeTruthy();
    expect(within(rows[0]).getByText('WAC 388-76-10830 to 388-76-10895')).toBeTruthy();
    expect(within(rows[0]).getByText(/2 check items, 3 documents filed/)).toBeTruthy();
    expect(within(rows[0]).getByText('Warning: platform default')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Show retired (1)' }));
    rows = screen.getAllByTestId('docreq-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('Retired')).toBeTruthy();
    expect(within(rows[1]).getByRole('button', { name: 'Restore Old evacuation poster' })).toBeTruthy();

    await user.selectOptions(screen.getByTestId('docreq-category'), 'LICENSING_COMPLIANCE');
    rows = screen.getAllByTestId('docreq-row');
    expect(rows).toHaveLength(1);
    for (const tag of ['Expires', 'Valid 12 months', 'Warn 60 days before expiry']) expect(within(rows[0]).getByText(tag)).toBeTruthy();
  });

  it('edits a requirement and its check items: renames, reorders, adds one with keywords, removes one', async () => {
    const api = fakeServer()
      .on('GET', '/system/facilityDocRequirement/list', [plan, license])
      .on('POST', '/system/facilityDocRequirement/save', plan);
    const { user } = await open(api);
    await user.click(await screen.findByRole('button', { name: 'Edit Emergency and disaster plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Emergency and disaster plan' });
    expect((within(dialog).getByLabelText('Category') as HTMLSelectElement).disabled).toBe(true);
    const english = within(dialog).getByLabelText(/^English/);
    await user.clear(english);
    await user.type(english, 'Disaster plan');
    await user.click(within(dialog).getByRole('button', { name: 'Move check item 2 up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove check item 2' })); // the food item, now second
    await user.click(within(dialog).getByRole('button', { name: 'Add check item' }));
    const items = within(dialog).getAllByTestId('docreq-item');
    expect(items).toHaveLength(2);
    await user.type(within(items[1]).getByLabelText('Wording in English'), 'Names a meeting place');
    expect(within(items[1]).getByText("Enter the item's source.")).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.type(within(items[1]).getByLabelText('Source of the item (WAC section)'), 'WAC 388-76-10885');
    await user.type(within(items[1]).getByLabelText('Keywords for the rules-only check'), 'meeting place, punto de encuentro，集合');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Requirement saved');
    expect(api.lastBody('/system/facilityDocRequirement/save')).toMatchObject({
      code: 'EMERGENCY_DISASTER_PLAN',
      category: 'EMERGENCY_PREPAREDNESS',
      names: { 'en-US': 'Disaster plan', 'es-ES': 'Plan de emergencias y desastres' },
      checkItems: [
        { code: 'EDP_WATER', keywords: ['drinking water'] },
        { code: '', labels: { 'en-US': 'Names a meeting place' }, source: 'WAC 388-76-10885', keywords: ['meeting place', 'punto de encuentro', '集合'] },
      ],
    });
  });

  it('adds a requirement in the category shown and shows the server refusal under its field', async () => {
    const api = fakeServer()
      .on('GET', '/system/facilityDocRequirement/list', [plan])
      .on('POST', '/system/facilityDocRequirement/save', invalid({ source: 'Source (WAC section) must be at most 300 characters.' }));
    const { user } = await open(api);
    await user.click(await screen.findByRole('button', { name: 'Add requirement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add requirement' });
    await user.type(within(dialog).getByLabelText(/^English/), 'Carbon monoxide alarms');
    await user.type(within(dialog).getByLabelText('Source (WAC section)'), 'WAC 388-76-10805');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Its documents need signatures' }));
    await user.clear(within(dialog).getByLabelText('Default validity (months)'));
    await user.type(within(dialog).getByLabelText('Default validity (months)'), '240');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Source (WAC section) must be at most 300 characters.')).toBeTruthy();
    expect(api.lastBody('/system/facilityDocRequirement/save')).toMatchObject({
      code: '',
      category: 'EMERGENCY_PREPAREDNESS',
      names: { 'en-US': 'Carbon monoxide alarms' },
      signaturesRequired: true,
      validityMonths: 120,
      checkItems: [],
    });
  });

  it('retires after saying what happens to its documents', async () => {
    const api = fakeServer()
      .on('GET', '/system/facilityDocRequirement/list', [plan])
      .on('POST', '/system/facilityDocRequirement/retire', { ...plan, retiredAt: 1 });
    const { user } = await open(api);
    await user.click(await screen.findByRole('button', { name: 'Retire Emergency and disaster plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire Emergency and disaster plan' });
    expect(within(dialog).getByText(/The 3 document versions filed against it stay on file and readable/)).toBeTruthy();
    await user.click(within(dialog).getByTestId('docreq-retire-confirm'));
    await screen.findByText('Requirement retired');
    expect(api.lastBody('/system/facilityDocRequirement/retire')).toEqual({ code: 'EMERGENCY_DISASTER_PLAN' });
  });

  it('reads in Chinese, names falling back to English', async () => {
    const { user } = await open(undefined, 'zh-CN');
    expect(await screen.findByRole('heading', { name: '应急与灾害计划' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: '显示已停用（1）' }));
    expect(screen.getByRole('heading', { name: 'Old evacuation poster' })).toBeTruthy();
  });

  it('reads keywords separated by any comma', () => {
    expect(parseKeywords(' a, b ,，c、 ,')).toEqual(['a', 'b', 'c']);
  });
});
