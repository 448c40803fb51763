import { describe, expect, it, vi } from 'vitest';
import { csvFile } from '@/test/fakeServer';
import { fakeServer, renderScreen, screen } from '@/test/render';
import IncidentManagementPage from '../pages/IncidentManagementPage';

const saved = vi.hoisted(() => [] as { name: string; text: Promise<string> }[]);
vi.mock('@/lib/files/preview', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/files/preview')>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ name, text: blob.text() }),
}));

const owner = { roles: ['FACILITY_OWNER' as const], timeZone: 'PT' };

function server() {
  return fakeServer()
    .on('POST', '/care/incidentReport/listIncidentReport', { records: [], total: 0, current: 1, size: 10 })
    .on('POST', '/care/resident/listResidentByPage', { records: [{ residentId: 'r-ruth', name: 'Ruth Baker', room: '4' }], total: 1, current: 1, size: 50 });
}

describe('Download CSV of the incidents list', () => {
  it('waits for the period, then downloads what the filters select', async () => {
    saved.length = 0;
    const api = server().on('GET', '/care/incidentReport/export', () =>
      csvFile('incidents_maple-house_2026-10-01_2026-10-31.csv', 'Report number,Happened,Found,Resident\n'),
    );
    const { user } = await renderScreen(<IncidentManagementPage />, { route: '/incident-management', strings: ['incidents'], user: owner });
    const button = await screen.findByRole('button', { name: 'Download CSV' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Choose “Found from” and “Found until” to download.')).toBeTruthy();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Resident' }), 'Ruth Baker');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Completed');
    await user.type(screen.getByRole('textbox', { name: 'Found from' }), '10/01/2026');
    await user.type(screen.getByRole('textbox', { name: 'Found until' }), '10/31/2026');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('incidents_maple-house_2026-10-01_2026-10-31.csv');
    expect(await saved[0].text).toMatch(/^Report number,/);
    expect(api.callsTo('/care/incidentReport/export')[0].query).toEqual({
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      residentId: 'r-ruth',
      state: 'COMPLETED',
    });
    expect(screen.queryByText('Choose “Found from” and “Found until” to download.')).toBeNull();
  });
});
