import { describe, expect, it } from 'vitest';
import type { InspectorDocument, InspectorGrant, InspectorResident, InspectorResidentRecord } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import { refuse } from '@/test/fakeServer';
import InspectorPage from './InspectorPage';

const grant: InspectorGrant = {
  facilityName: 'Maple House AFH',
  inspectorName: 'Ines Inspector',
  areas: ['RESIDENTS', 'FACILITY_DOCS'],
  downloads: false,
  expiresAt: Date.UTC(2026, 11, 3, 18, 0),
};
const residents: InspectorResident[] = [{ id: 'r-ruth', name: 'Ruth Alder', room: '2', status: 'NORMAL' }];
const record: InspectorResidentRecord = {
  ...residents[0],
  dob: '1941-03-02',
  gender: 'FEMALE',
  language: 'en-US',
  allergies: 'Penicillin',
  dnr: 'DNR',
  diagnoses: '',
  diet: '',
  mobility: '',
  files: [{ id: 'f-1', name: 'assessment.pdf', what: 'ASSESSMENT' }],
};
const docs: InspectorDocument[] = [
  { category: 'EMERGENCY_PREPAREDNESS', name: 'Disaster plan', version: 2, uploadedOn: '2026-11-01', file: { id: 'f-2', name: 'plan.pdf' } },
];

const session = { token: 'tok', refreshToken: 'ref', tokenExpires: Date.now() + 10 * 60_000 };

describe('InspectorPage', () => {
  it('signs in with the e-mailed code', async () => {
    sessionStorage.clear();
    const server = fakeServer()
      .on('POST', '/system/inspector/requestInspectorCode', { maskedEmail: 'i***@dshs.example', resendAfterSeconds: 60 })
      .on('POST', '/system/inspector/inspectorSignIn', session)
      .on('GET', '/system/inspector/getInspectorGrant', grant)
      .on('GET', '/system/inspector/listInspectorResidents', residents);
    const s = await renderScreen(<InspectorPage />, { route: '/inspector?token=abc', path: '/inspector', user: null, strings: ['inspector'] });
    await s.user.click(await screen.findByRole('button', { name: 'E-mail me a code' }));
    expect(server.lastBody('/system/inspector/requestInspectorCode')).toEqual({ token: 'abc' });
    expect(await screen.findByText('A code was sent to i***@dshs.example.')).toBeTruthy();
    await s.user.type(screen.getByLabelText('Sign-in code'), '123456');
    await s.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(server.lastBody('/system/inspector/inspectorSignIn')).toEqual({ token: 'abc', code: '123456' });
    expect(await screen.findByRole('heading', { name: 'Maple House AFH: inspection' })).toBeTruthy();
    const call = server.callsTo('/system/inspector/getInspectorGrant')[0];
    expect(call.headers.Authorization).toBe('Bearer tok');
    expect(call.headers.Sign).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows exactly the shared areas, read-only, without downloads when not allowed', async () => {
    sessionStorage.setItem('hearth.inspector.session', JSON.stringify(session));
    fakeServer()
      .on('GET', '/system/inspector/getInspectorGrant', grant)
      .on('GET', '/system/inspector/listInspectorResidents', residents)
      .on('GET', '/system/inspector/getInspectorResident', record)
      .on('GET', '/system/inspector/listInspectorDocuments', docs);
    const s = await renderScreen(<InspectorPage />, { route: '/inspector', path: '/inspector', user: null, strings: ['inspector'] });
    const areas = await screen.findByTestId('inspector-shared-areas');
    expect(within(areas).getAllByText(/./).map((e) => e.textContent)).toEqual(["Residents' records", 'Facility documents']);
    expect(screen.queryByTestId('inspector-tab-staff')).toBeNull();
    expect(screen.queryByTestId('inspector-tab-incidents')).toBeNull();
    const row = await screen.findByTestId('inspector-resident');
    expect(within(row).queryByRole('button', { name: 'MAR' })).toBeNull(); // MARs not shared
    await s.user.click(within(row).getByRole('button', { name: 'Record' }));
    const rec = await screen.findByTestId('inspector-resident-record');
    expect((rec).textContent).toContain('Penicillin');
    expect((rec).textContent).toContain('assessment.pdf');
    expect(within(rec).queryByRole('button', { name: /Download/ })).toBeNull();
    await s.user.click(screen.getByTestId('inspector-tab-documents'));
    expect((await screen.findByTestId('inspector-document')).textContent).toContain('Disaster plan');
    expect(screen.queryByTestId('inspector-download')).toBeNull();
  });

  it('offers downloads when the link allows them', async () => {
    sessionStorage.setItem('hearth.inspector.session', JSON.stringify(session));
    fakeServer()
      .on('GET', '/system/inspector/getInspectorGrant', { ...grant, areas: ['FACILITY_DOCS'], downloads: true })
      .on('GET', '/system/inspector/listInspectorDocuments', docs);
    await renderScreen(<InspectorPage />, { route: '/inspector', path: '/inspector', user: null, strings: ['inspector'] });
    expect(await screen.findByRole('button', { name: 'Download plan.pdf' })).toBeTruthy();
  });

  it('says the link has ended when the server says so', async () => {
    sessionStorage.setItem('hearth.inspector.session', JSON.stringify(session));
    fakeServer().on('GET', '/system/inspector/getInspectorGrant', refuse('4002', 'This inspection link has ended: it expired or the home revoked it.', null, 410));
    await renderScreen(<InspectorPage />, { route: '/inspector', path: '/inspector', user: null, strings: ['inspector'], language: 'zh-CN' });
    expect((await screen.findByTestId('inspector-ended')).textContent).toContain('此检查链接已结束');
  });
});
