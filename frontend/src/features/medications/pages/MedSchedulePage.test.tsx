import { describe, expect, it } from 'vitest';
import type { Resident, SaveMedicationRequest } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { medication } from '@/test/fixtures';
import { fakeServer, findSection, invalid, renderScreen, screen, within } from '@/test/render';
import MedSchedulePage from './MedSchedulePage';

const ruth = { residentId: 'r-ruth', name: 'Ruth Baker', firstName: 'Ruth', lastName: 'Baker', room: '4', status: 'NORMAL', allergies: 'Penicillin', editable: true } as unknown as Resident;
const owner = { roles: [RoleFacilityOwner] };
const route = '/emars/med-schedule/r-ruth';
const path = '/emars/med-schedule/:residentId';

function server() {
  return fakeServer()
    .on('GET', '/care/resident/getResidentById', ruth)
    .on('GET', '/care/medication/getAssistance', { residentId: 'r-ruth', level: 'ADMINISTRATION', note: '', updateTime: 0, updatedByName: '' })
    .on('POST', '/care/medication/listMedication', [medication({ name: 'Metformin', medicationId: 'm-met', dose: '500 mg' })])
    .on('GET', '/care/routineTime/get', { medicationPrepButtonEnabled: false, sessions: [] });
}

/** The med schedule with the new-order form open. */
async function openNewOrder() {
  const s = await renderScreen(<MedSchedulePage />, { route, path, user: owner, strings: ['medications'] });
  const current = await findSection(/^Current/);
  expect(await within(current).findByText('Metformin')).toBeTruthy();
  await s.user.click(screen.getByRole('button', { name: 'Add order' }));
  const dialog = await screen.findByRole('dialog', { name: 'New medication order' });
  return { ...s, dialog };
}

describe('the medication order form', () => {
  it('adds an order with its written order and shows it among the current ones', async () => {
    const api = server().on('POST', '/system/files/upload', [
      { fileId: 'f-rx', name: 'rx.pdf', suffix: 'pdf', size: 3072, createTime: Date.now(), category: 'PHYSICIAN_ORDER', contentType: 'application/pdf', url: '' },
    ]);
    api.on('POST', '/care/medication/save', (call) => {
      const req = call.body as SaveMedicationRequest;
      const saved = medication({ medicationId: 'm-new', name: req.name, dose: req.dose });
      api.on('POST', '/care/medication/listMedication', [medication({ name: 'Metformin', medicationId: 'm-met', dose: '500 mg' }), saved]);
      return saved;
    });
    const { user, dialog } = await openNewOrder();

    await user.type(within(dialog).getByRole('textbox', { name: 'Medication' }), 'Lisinopril');
    await user.type(within(dialog).getByRole('textbox', { name: 'Dose' }), '10 mg');
    await user.type(within(dialog).getByRole('textbox', { name: 'Logged call or note' }), 'Dr. Lee by phone');
    await user.upload(within(dialog).getByTestId('med-file-input'), new File(['%PDF-1.4'], 'rx.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('rx.pdf')).toBeTruthy();
    expect(api.lastBody('/system/files/upload')).toMatchObject({ category: 'PHYSICIAN_ORDER' });
    await user.click(within(dialog).getByRole('button', { name: 'Add order' }));

    expect(await screen.findByText('Order added')).toBeTruthy();
    expect(api.lastBody('/care/medication/save')).toMatchObject({
      residentId: 'r-ruth', name: 'Lisinopril', dose: '10 mg', type: 'ROUTINE', route: 'ORAL', changeNote: 'Dr. Lee by phone', verificationFileId: 'f-rx',
    });
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(await within(await findSection(/^Current/)).findByText('Lisinopril')).toBeTruthy();
  });

  it('marks the required fields and sends nothing', async () => {
    const api = server();
    const { user, dialog } = await openNewOrder();

    await user.click(within(dialog).getByRole('button', { name: 'Add order' }));

    expect(within(dialog).getByText('Some fields need attention. Fix the marked fields and save again.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Medication', description: 'Required.' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Dose', description: 'Required.' })).toBeTruthy();
    expect(api.callsTo('/care/medication/save')).toHaveLength(0);
  });

  it('shows the server’s refusal under the field, and a refused written order under its field', async () => {
    const api = server()
      .on('POST', '/care/medication/save', invalid({ dose: 'Dose: must not contain control characters.' }))
      .on('POST', '/system/files/upload', invalid({ files: '"rx.png" is not a PDF, JPEG or PNG file.' }));
    const { user, dialog } = await openNewOrder();

    await user.upload(within(dialog).getByTestId('med-file-input'), new File(['png'], 'rx.png', { type: 'image/png' }));
    expect(await within(dialog).findByText('Upload failed: "rx.png" is not a PDF, JPEG or PNG file.')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Medication' }), 'Lisinopril');
    await user.type(within(dialog).getByRole('textbox', { name: 'Dose' }), '10 mg');
    await user.click(within(dialog).getByRole('button', { name: 'Add order' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Dose', description: 'Dose: must not contain control characters.' })).toBeTruthy();
    expect(api.lastBody('/care/medication/save')).not.toHaveProperty('verificationFileId');
    expect(screen.queryByText('Order added')).toBeNull();
  });

  it('reads in Chinese', async () => {
    server();
    await renderScreen(<MedSchedulePage />, { route, path, user: owner, strings: ['medications'], language: 'zh-CN' });
    expect(await screen.findByText('Metformin')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增医嘱' })).toBeTruthy();
  });
});
