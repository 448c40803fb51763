import { describe, expect, it } from 'vitest';
import type {
  InspectorDocument,
  InspectorGrant,
  InspectorIncident,
  InspectorMAR,
  InspectorNotes,
  InspectorResident,
  InspectorResidentRecord,
  InspectorStaffMember,
} from '@/types/api.gen';
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

  describe('names every code in words, as the app does, not as it is stored', () => {
    const all: InspectorGrant = { ...grant, areas: ['RESIDENTS', 'MARS', 'NOTES', 'INCIDENTS', 'STAFF', 'FACILITY_DOCS'] };
    const coded: InspectorResidentRecord = { ...record, gender: 'FEMALE', language: 'SPANISH', dnr: 'YES' };
    const fall: InspectorIncident = { id: 'i-1', group: 'RESIDENT', type: 'FALL', state: 'PENDING_REVIEW', resident: 'Ruth Alder', occurredAt: Date.UTC(2026, 10, 20, 18) };
    const mar: InspectorMAR = {
      resident: residents[0],
      from: '2026-10-29',
      medications: [
        {
          id: 'm-1',
          name: 'Metformin',
          dose: '500 mg',
          route: 'ORAL',
          frequency: 'twice daily',
          physician: 'Dr. Lee',
          startDate: '2026-01-01',
          status: 'CURRENT',
          passes: [{ day: '2026-11-20', time: '08:00', outcome: 'REFUSED', reason: 'Nausea' }],
        },
      ],
    };
    const notes: InspectorNotes = { resident: residents[0], notes: [{ at: Date.UTC(2026, 10, 20, 18), type: 'PRN_MEDICATIONS', text: 'Gave Tylenol', language: 'en-US' }] };
    const staff: InspectorStaffMember[] = [
      { id: 'c-1', name: 'Amina Njoroge', hireDate: '2025-01-02', credentials: [{ type: 'CPR_FIRST_AID', issueDate: '2025-02-01', files: [] }] },
    ];
    const answers = () =>
      fakeServer()
        .on('GET', '/system/inspector/getInspectorGrant', all)
        .on('GET', '/system/inspector/listInspectorResidents', residents)
        .on('GET', '/system/inspector/getInspectorResident', coded)
        .on('GET', '/system/inspector/getInspectorMar', mar)
        .on('GET', '/system/inspector/getInspectorNotes', notes)
        .on('GET', '/system/inspector/listInspectorIncidents', [fall])
        .on('GET', '/system/inspector/getInspectorIncident', { ...fall, details: { narrative: 'Found on the floor', sexualAssault: 'no', zCustom: 'kept' } })
        .on('GET', '/system/inspector/listInspectorStaff', staff);
    const strings = ['inspector', 'incidents', 'carerecord', 'residents', 'staff'] as const;

    it('in English: the record, the MAR, the notes, the incidents and the staff files', async () => {
      sessionStorage.setItem('hearth.inspector.session', JSON.stringify(session));
      answers();
      const s = await renderScreen(<InspectorPage />, { route: '/inspector', path: '/inspector', user: null, strings: [...strings] });
      const row = await screen.findByTestId('inspector-resident');
      await s.user.click(within(row).getByRole('button', { name: 'Record' }));
      const rec = await screen.findByTestId('inspector-resident-record');
      expect(rec.textContent).toContain('Female');
      expect(rec.textContent).toContain('Spanish');
      expect(rec.textContent).toContain('Yes, DNR');
      expect(rec.textContent).not.toContain('FEMALE');
      await s.user.click(screen.getByRole('button', { name: 'Back' }));
      await s.user.click(within(await screen.findByTestId('inspector-resident')).getByRole('button', { name: 'MAR' }));
      const med = await screen.findByTestId('inspector-medication');
      expect(med.textContent).toContain('500 mg · Oral · twice daily');
      expect(med.textContent).toContain('08:00 · Refused');
      expect(med.textContent).not.toMatch(/ORAL|REFUSED/);
      await s.user.click(screen.getByRole('button', { name: 'Back' }));
      await s.user.click(within(await screen.findByTestId('inspector-resident')).getByRole('button', { name: 'Notes' }));
      expect((await screen.findByTestId('inspector-notes')).textContent).toContain('PRN (as needed) medications');
      await s.user.click(screen.getByRole('button', { name: 'Back' }));

      await s.user.click(screen.getByTestId('inspector-tab-incidents'));
      const list = await screen.findByTestId('inspector-incidents');
      expect(list.textContent).toContain('Fall');
      expect(list.textContent).toContain('Pending review');
      expect(list.textContent).not.toMatch(/FALL|PENDING_REVIEW/);
      await s.user.click(within(list).getByRole('button', { name: 'Details' }));
      const inc = await screen.findByTestId('inspector-incident');
      expect(within(inc).getByRole('heading', { level: 2 }).textContent).toBe('Fall · Ruth Alder');
      expect(within(inc).getByTestId('inspector-incident-state').textContent).toContain('Pending review');
      const labels = within(inc).getAllByRole('term').map((e) => e.textContent);
      expect(labels).toEqual(['What happened', 'Suspected sexual assault', 'zCustom']);
      expect(within(inc).getAllByRole('definition').map((e) => e.textContent)).toEqual(['Found on the floor', 'Not indicated', 'kept']);
      await s.user.click(screen.getByRole('button', { name: 'Back' }));

      await s.user.click(screen.getByTestId('inspector-tab-staff'));
      expect((await screen.findByTestId('inspector-staff-member')).textContent).toContain('CPR and first aid');
    });

    it('in Spanish', async () => {
      sessionStorage.setItem('hearth.inspector.session', JSON.stringify(session));
      answers();
      const s = await renderScreen(<InspectorPage />, { route: '/inspector', path: '/inspector', user: null, strings: [...strings], language: 'es-ES' });
      await screen.findByTestId('inspector-resident');
      await s.user.click(screen.getByTestId('inspector-tab-incidents'));
      const list = await screen.findByTestId('inspector-incidents');
      expect(list.textContent).toContain('Caída');
      expect(list.textContent).toContain('Pendiente de revisión');
      await s.user.click(within(list).getByRole('button', { name: 'Detalles' }));
      const inc = await screen.findByTestId('inspector-incident');
      expect(within(inc).getAllByRole('term').map((e) => e.textContent)).toEqual(['Qué ocurrió', 'Sospecha de agresión sexual', 'zCustom']);
    });
  });

  it('says the link has ended when the server says so', async () => {
    sessionStorage.setItem('hearth.inspector.session', JSON.stringify(session));
    fakeServer().on('GET', '/system/inspector/getInspectorGrant', refuse('4002', 'This inspection link has ended: it expired or the home revoked it.', null, 410));
    await renderScreen(<InspectorPage />, { route: '/inspector', path: '/inspector', user: null, strings: ['inspector'], language: 'zh-CN' });
    expect((await screen.findByTestId('inspector-ended')).textContent).toContain('此检查链接已结束');
  });
});
