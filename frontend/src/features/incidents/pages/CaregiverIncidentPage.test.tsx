import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { IncidentReport, SaveIncidentDraftRequest } from '@/types/api.gen';
import { fakeServer, invalid, renderScreen, screen, within } from '@/test/render';
import CaregiverIncidentPage from './CaregiverIncidentPage';

// 8:30 AM Pacific (daylight time) on October 15, 2026.
const FOUND = Date.UTC(2026, 9, 15, 15, 30);

function report(req: SaveIncidentDraftRequest, part: Partial<IncidentReport> = {}): IncidentReport {
  return {
    incidentId: 'inc-1', group: 'RESIDENT', type: req.type, residentId: req.residentId ?? '', residentName: 'Ruth Baker', occurredAt: req.occurredAt ?? 0,
    discoveredAt: req.discoveredAt ?? 0, location: req.location ?? '', narrative: req.narrative ?? '', injuries: '', bodyLocations: [], immediateActions: '',
    notifications: [], witnesses: '', staffInvolvedIds: [], fileIds: req.fileIds ?? [], files: [], reviewerId: '', reviewerName: '', sexualAssault: false,
    physicalAssault: false, state: 'DRAFT', authorId: 'user-1', authorName: 'Grace Kim', createdAt: Date.now(), submittedAt: 0, completedAt: 0, version: 1,
    duties: [], analyses: [], timeline: [], overdueDuties: 0, editable: true, analysisRunning: false, ...part,
  };
}

function server() {
  const api = fakeServer()
    .on('POST', '/care/incidentReport/listIncidentReport', { records: [], total: 0, current: 1, size: 10 })
    .on('POST', '/care/resident/listResidentByPage', { records: [{ residentId: 'r-ruth', name: 'Ruth Baker', room: '4' }], total: 1, current: 1, size: 50 })
    .on('POST', '/care/caregiver/listCaregiverBaseInfoByPage', { records: [{ userId: 'u-ana', name: 'Ana Ruiz' }], total: 1, current: 1, size: 9999 });
  // An autosave may come first: a later write updates the draft it made.
  api.on('POST', '/care/incidentReport/saveIncidentDraft', (call) => report(call.body as SaveIncidentDraftRequest));
  api.on('POST', '/care/incidentReport/updateIncidentReport', (call) => report(call.body as SaveIncidentDraftRequest, { version: 2 }));
  return api;
}

/** /incident, New report, step 1: a fall of a resident. */
async function startFall() {
  const s = await renderScreen(<CaregiverIncidentPage />, { route: '/incident', strings: ['incidents'] });
  await s.user.click(await screen.findByRole('button', { name: 'New report' }));
  await s.user.click(screen.getByRole('radio', { name: 'Something that happened to a resident' }));
  await s.user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Fall');
  await s.user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('heading', { name: 'Step 2 of 2: Fall' })).toBeTruthy();
  return s;
}

/** The latest write of the draft, whether it made it or updated it. */
function lastWrite(api: ReturnType<typeof server>): SaveIncidentDraftRequest {
  const writes = api.calls.filter((c) => c.path.endsWith('/saveIncidentDraft') || c.path.endsWith('/updateIncidentReport'));
  return writes[writes.length - 1].body as SaveIncidentDraftRequest;
}

describe('the incident editor', () => {
  it('asks for the type first, then writes a fall and submits it for review', async () => {
    const api = server().on('GET', '/care/incidentReport/submit', report({ type: 'FALL' }, { state: 'SUBMITTED' }));
    const { user } = await renderScreen(<CaregiverIncidentPage />, { route: '/incident', strings: ['incidents'] });
    await user.click(await screen.findByRole('button', { name: 'New report' }));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose the type of incident.');
    await user.click(screen.getByRole('radio', { name: 'Something that happened to a resident' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Fall');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Resident' }), 'Ruth Baker');
    await user.type(screen.getByRole('textbox', { name: 'When it was found' }), '10/15/2026');
    await user.type(screen.getByRole('textbox', { name: 'When it was found, time' }), '08:30 AM');
    await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'Found by her bed. ');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    const confirm = screen.getByRole('group', { name: 'Submit this report?' });
    await user.click(within(confirm).getByRole('button', { name: 'Submit for review' }));

    expect(await screen.findByText('Report submitted for review')).toBeTruthy();
    expect(lastWrite(api)).toMatchObject({ type: 'FALL', residentId: 'r-ruth', discoveredAt: FOUND, narrative: 'Found by her bed.' });
    expect(api.callsTo('/care/incidentReport/submit')[0].query).toEqual({ incidentId: 'inc-1' });
    // Back on the list of my reports.
    expect(await screen.findByRole('heading', { name: 'My reports' })).toBeTruthy();
  });

  it('says what a report needs before it can be submitted, and sends nothing', async () => {
    const api = server();
    const { user } = await startFall();

    // Said at the button before any press, and named by it for a screen reader.
    const submitButton = screen.getByRole('button', { name: 'Submit for review' });
    expect(screen.getByTestId('incident-blockers').textContent).toBe('To submit:Choose the resident.Say when it was found.Say what happened.');
    expect(submitButton.getAttribute('aria-describedby')).toBe('incident-blockers');
    await user.click(submitButton);

    expect(screen.getByRole('combobox', { name: 'Resident', description: 'Choose the resident.' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'When it was found', description: 'Say when it was found.' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'What happened', description: 'Say what happened.' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Submit this report?' })).toBeNull();
    expect(api.callsTo('/care/incidentReport/saveIncidentDraft')).toHaveLength(0);
    // Each one goes from the list as it is answered.
    await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'Found by her bed.');
    expect(screen.getByTestId('incident-blockers').textContent).toBe('To submit:Choose the resident.Say when it was found.');
  });

  it('shows the server’s refusal of a draft under the field it names', async () => {
    const api = server().on('POST', '/care/incidentReport/saveIncidentDraft', invalid({ narrative: 'What happened: must not contain control characters.' }));
    const { user } = await startFall();

    await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'Slipped');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByRole('textbox', { name: 'What happened', description: 'What happened: must not contain control characters.' })).toBeTruthy();
    expect(lastWrite(api)).toMatchObject({ type: 'FALL', narrative: 'Slipped' });
    expect(screen.queryByText('Draft saved')).toBeNull();
  });

  it('attaches a photo, and says why a file was refused', async () => {
    const api = server().on('POST', '/system/files/upload', [
      { fileId: 'f-1', name: 'bedside.png', suffix: 'png', size: 1024, createTime: Date.now(), category: 'OTHER', contentType: 'image/png', url: '' },
    ]);
    const { user } = await startFall();
    const input = screen.getByTestId('incident-file-input');

    await user.upload(input, new File(['png'], 'bedside.png', { type: 'image/png' }));
    const files = screen.getByRole('group', { name: 'Photos and PDFs' });
    expect(await within(files).findByRole('button', { name: 'bedside.png' })).toBeTruthy();
    expect(api.lastBody('/system/files/upload')).toMatchObject({ category: 'OTHER' });

    api.on('POST', '/system/files/upload', invalid({ files: '"hall.png" is larger than 10 MB.' }));
    await user.upload(input, new File(['png'], 'hall.png', { type: 'image/png' }));
    expect(await within(files).findByText('Upload failed: "hall.png" is larger than 10 MB.')).toBeTruthy();
    // A file the chooser would not offer, picked with "All files".
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(within(files).getByText('Invalid file type: notes.txt. Only PDF, JPG, JPEG and PNG files can be uploaded.')).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    server();
    await renderScreen(<CaregiverIncidentPage />, { route: '/incident', strings: ['incidents'], language: 'es-ES' });
    expect(await screen.findByRole('button', { name: 'Nuevo informe' })).toBeTruthy();
  });
});
