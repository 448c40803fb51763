import { describe, expect, it } from 'vitest';
import type { Medication } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen } from '@/test/render';
import { OrderFormDialog } from './OrderFormDialog';

const mine: Medication = {
  medicationId: 'm1', residentId: 'r1', name: 'Lisinopril', type: 'ROUTINE', dose: '10 mg', frequency: 'once daily', route: 'ORAL',
  instructions: '', diagnosis: '', rxNumber: '', physician: 'Dr. Lee', startDate: '2026-01-01', endDate: '', times: ['08:00'],
  status: 'CURRENT', createTime: 1_790_000_000_000, updateTime: 1_790_000_000_000, version: 3, updatedByName: 'Elena Martinez',
  controlled: false, vital: '', slidingScale: [], siteRequired: false, onHold: false, holdReason: '',
  holdTime: 0, endTime: 0, stopReason: '',
};
// Grace raised the dose at 3:04 PM Pacific on November 24, 2026, while the form was open.
const theirs: Medication = { ...mine, dose: '20 mg', version: 4, updatedByName: 'Grace Kim', updateTime: Date.UTC(2026, 10, 24, 23, 4) };

describe('the order form', () => {
  it('saves a change on the version it was opened on; changed meanwhile, it says who and when and reloads their version', async () => {
    const api = fakeServer()
      .on('GET', '/care/routineTime/get', { medicationPrepButtonEnabled: false, sessions: [] })
      .on('POST', '/care/medication/save', refuse('4009', 'Grace Kim changed this order', theirs));
    const { user } = await renderScreen(<OrderFormDialog residentId="r1" order={mine} today="2026-11-24" zoneCode="PT" onClose={() => undefined} />, {
      strings: ['medications'],
      user: { roles: [RoleFacilityOwner] },
    });

    const dose = screen.getByLabelText(/^Dose/);
    await user.clear(dose);
    await user.type(dose, '15 mg');
    await user.type(screen.getByLabelText('Logged call or note'), 'Dr. Lee by phone');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(api.lastBody('/care/medication/save')).toMatchObject({ medicationId: 'm1', version: 3, dose: '15 mg' });
    const alert = await screen.findByTestId('order-changed');
    expect(alert.textContent).toMatch(/^Grace Kim changed this order on 11\/24\/2026,? 0?3:04 PM, after you opened it\. Your changes are not saved\./);

    await user.click(screen.getByRole('button', { name: 'Reload the current order' }));
    expect(screen.queryByTestId('order-changed')).toBeNull();
    expect((screen.getByLabelText(/^Dose/) as HTMLInputElement).value).toBe('20 mg');
    expect((screen.getByLabelText('Logged call or note') as HTMLTextAreaElement).value).toBe('Dr. Lee by phone');

    api.on('POST', '/care/medication/save', { ...theirs, version: 5 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => api.callsTo('/care/medication/save').length).toBe(2);
    expect(api.lastBody('/care/medication/save')).toMatchObject({ medicationId: 'm1', version: 4, dose: '20 mg', changeNote: 'Dr. Lee by phone' });
  }, 30_000); // a long form typed into key by key
});
