import { describe, expect, it, vi } from 'vitest';
import type { Resident } from '@/types/api.gen';
import { csvFile } from '@/test/fakeServer';
import { fakeServer, refuse, renderScreen, screen, within, type TestUser } from '@/test/render';
import ResidentDetailPage from '../pages/ResidentDetailPage';

const saved = vi.hoisted(() => [] as { name: string; text: Promise<string> }[]);
vi.mock('@/lib/files/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/files/preview')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ name, text: blob.text() }),
}));

const provider = { name: '', phone: '', fax: '', email: '', address: '' };
const ruth: Resident = {
  residentId: 'r-ruth', firstName: 'Ruth', lastName: 'Baker', preferredName: '', name: 'Ruth Baker', dob: '1940-03-02', age: 86,
  gender: 'FEMALE', room: '4', phone: '', language: 'ENGLISH', languageOther: '', heightUnit: 'IN', weightUnit: 'LB', allergies: '',
  dnr: 'UNKNOWN', diagnoses: '', diet: '', mobility: '', hygiene: '', toileting: '', hearing: '', vision: '', physician: provider,
  pharmacy: provider, personalBackground: '', preferences: '', moveInDate: '2025-01-01', avatarFileId: '', status: 'NORMAL', returnDate: 0,
  goingOutReason: '', moveOutDestination: '', destinationOther: '', statusTime: 0, carePlanUpdateTime: 0, editable: true,
  createTime: 0, updateTime: 0,
} as Resident;

const owner = { roles: ['FACILITY_OWNER' as const], timeZone: 'PT' };

function open(route: string, user: TestUser = owner) {
  fakeServer().on('GET', '/care/resident/getResidentById', ruth);
  return renderScreen(<ResidentDetailPage />, { route, path: route.split('?')[0], strings: ['residents'], user });
}

describe('the audit trail of a resident', () => {
  it('downloads the CSV of the chosen period for an owner', async () => {
    saved.length = 0;
    const api = fakeServer().on('GET', '/care/resident/auditExport', () =>
      csvFile('audit-trail_maple-house-ruth-baker_2026-11-01_2026-11-28.csv', 'Time,Who,Action,Record,Record id,What changed\n'),
    );
    const { user } = await open('/resident-management/detail?residentId=r-ruth');
    await user.click(await screen.findByRole('button', { name: 'Download audit trail' }));
    const dialog = screen.getByRole('dialog', { name: 'Audit trail of Ruth Baker' });
    const from = within(dialog).getByRole('textbox', { name: /First day/ });
    await user.clear(from);
    await user.type(from, '11/01/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('audit-trail_maple-house-ruth-baker_2026-11-01_2026-11-28.csv');
    expect(await saved[0].text).toMatch(/^Time,Who,Action/);
    const q = api.callsTo('/care/resident/auditExport')[0].query;
    expect(q).toMatchObject({ residentId: 'r-ruth', startDate: '2026-11-01' });
    expect(q.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the refusal of a period too long for one download in the dialog', async () => {
    fakeServer().on('GET', '/care/resident/auditExport', () =>
      refuse('4022', 'Validation failed', [{ field: 'endDate', rule: 'maximum', message: 'This range selects 1200 rows, more than the 1000 one download may hold.' }]),
    );
    const { user } = await open('/resident-management/detail?residentId=r-ruth');
    await user.click(await screen.findByRole('button', { name: 'Download audit trail' }));
    const dialog = screen.getByRole('dialog', { name: 'Audit trail of Ruth Baker' });
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('1200 rows');
  });

  it('is not offered to a caregiver', async () => {
    await open('/resident/detail?residentId=r-ruth', { roles: ['CAREGIVER_STAFF' as const], timeZone: 'PT' });
    expect(await screen.findByRole('heading', { name: 'Ruth Baker' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download audit trail' })).toBeNull();
  });
});
