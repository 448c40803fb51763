import { describe, expect, it } from 'vitest';
import type { FacilityDocAnalysis, FacilityDocVersion, FacilityInspections } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import InspectionStatusPage from '../pages/InspectionStatusPage';
import { ComplianceReport } from './ComplianceReport';

const owner = { roles: [RoleFacilityOwner] };

const base: FacilityDocAnalysis = {
  versionId: 'v-ext',
  documentId: 'd-ext',
  requirementCode: 'FIRE_EXTINGUISHERS',
  state: 'NONE',
  progress: 0,
  items: [],
  coveredCount: 0,
  missingCount: 0,
  pagesRead: 0,
  totalPages: 0,
  ocrPages: 0,
  pagesUnchecked: 0,
};

const done = (extra: Partial<FacilityDocAnalysis>): FacilityDocAnalysis => ({
  ...base,
  analysisId: 'a1',
  state: 'DONE',
  progress: 100,
  requestedBy: 'Grace Lin',
  createTime: Date.UTC(2026, 10, 28, 17, 0),
  finishTime: Date.UTC(2026, 10, 28, 17, 1),
  pagesRead: 2,
  totalPages: 2,
  ocrPages: 1,
  coveredCount: 1,
  missingCount: 1,
  items: [
    {
      code: 'FIRE_SERVICE',
      label: 'Records the yearly inspection or service tag',
      source: 'WAC 388-76-10810',
      covered: true,
      unverified: false,
      evidence: [{ page: 2, quote: 'The extinguisher by the kitchen door was inspected on 2026-03-02.' }],
    },
    { code: 'FIRE_TYPE', label: "Names each extinguisher's type", source: 'WAC 388-76-10810', covered: false, unverified: false, evidence: [] },
  ],
  ...extra,
});

describe('ComplianceReport', () => {
  it('runs the check, shows its progress, and cancels it', async () => {
    let state: FacilityDocAnalysis = base;
    const api = fakeServer()
      .on('GET', '/system/files/fileComplianceAnalysis', () => state)
      .on('POST', '/system/files/runComplianceAnalysis', () => {
        state = { ...base, analysisId: 'a1', state: 'RUNNING', step: 'READING', progress: 40 };
        return state;
      })
      .on('POST', '/system/files/cancelComplianceAnalysis', () => {
        state = { ...state, state: 'CANCELLED', step: '' };
        return state;
      });
    const { user } = await renderScreen(<ComplianceReport versionId="v-ext" name="Extinguishers" />, { user: owner, strings: ['facility-docs'] });
    expect(await screen.findByText(/has not been checked yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Run the check: Extinguishers' }));
    expect((await screen.findByRole('status')).textContent).toBe('Reading the document… 40%');
    expect(api.callsTo('/system/files/runComplianceAnalysis')[0].body).toEqual({ versionId: 'v-ext' });
    await user.click(screen.getByRole('button', { name: 'Cancel the check' }));
    expect(await screen.findByTestId('compliance-cancelled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run the check again: Extinguishers' })).toBeTruthy();
    expect(api.callsTo('/system/files/cancelComplianceAnalysis')[0].body).toEqual({ versionId: 'v-ext' });
  });

  it('shows the AI report: each item covered or missing, the quotes with their pages, the WAC sources, the model and time', async () => {
    fakeServer().on('GET', '/system/files/fileComplianceAnalysis', done({ method: 'AI', model: 'gpt-4o-mini' }));
    await renderScreen(<ComplianceReport versionId="v-ext" name="Extinguishers" />, { user: owner, strings: ['facility-docs'] });
    const report = await screen.findByTestId('compliance-report');
    expect(within(report).getByText('AI check (gpt-4o-mini)')).toBeTruthy();
    expect(within(report).getByText('Items covered: 1')).toBeTruthy();
    expect(within(report).getByText('Items missing: 1')).toBeTruthy();
    const items = within(report).getAllByTestId('compliance-item');
    expect(items.map((i) => [i.dataset.code, i.dataset.covered])).toEqual([
      ['FIRE_SERVICE', 'true'],
      ['FIRE_TYPE', 'false'],
    ]);
    expect(within(items[0]).getByText('Records the yearly inspection or service tag')).toBeTruthy();
    expect(within(items[0]).getByText('WAC 388-76-10810')).toBeTruthy();
    expect(within(items[0]).getByTestId('compliance-quote').textContent).toContain('page 2');
    expect(within(items[1]).getByText('Missing')).toBeTruthy();
    const when = within(report).getByTestId('compliance-when').textContent ?? '';
    expect(when).toContain('Grace Lin');
    expect(when).toContain('Pages read: 2 of 2 · Pages read from a scan: 1');
  });

  it("does not count an item the AI called covered without words the document holds: not verified, with why", async () => {
    const unverified = {
      code: 'FIRE_LOCATION',
      label: 'Says where each extinguisher is',
      source: 'WAC 388-76-10810',
      covered: false,
      unverified: true,
      evidence: [],
    };
    const a = done({ method: 'AI', model: 'gpt-4o-mini', missingCount: 2 });
    fakeServer().on('GET', '/system/files/fileComplianceAnalysis', { ...a, items: [...a.items, unverified] });
    await renderScreen(<ComplianceReport versionId="v-ext" name="Extinguishers" />, { user: owner, strings: ['facility-docs'] });
    const report = await screen.findByTestId('compliance-report');
    expect(within(report).getByText('Items missing: 2')).toBeTruthy();
    const items = within(report).getAllByTestId('compliance-item');
    expect(items.map((i) => [i.dataset.code, i.dataset.covered, i.dataset.unverified])).toEqual([
      ['FIRE_SERVICE', 'true', 'false'],
      ['FIRE_TYPE', 'false', 'false'],
      ['FIRE_LOCATION', 'false', 'true'],
    ]);
    expect(within(items[2]).getByText('Not verified')).toBeTruthy();
    expect(within(items[2]).getByTestId('compliance-unverified').textContent).toContain('the words it quoted are not in the document');
    expect(within(items[2]).queryByTestId('compliance-quote')).toBeNull();
    expect(within(items[1]).queryByTestId('compliance-unverified')).toBeNull();
  });

  it('says plainly when the report is rules-only, and why, in Spanish too', async () => {
    fakeServer().on('GET', '/system/files/fileComplianceAnalysis', done({ method: 'RULES', rulesReason: 'NO_PROVIDER' }));
    await renderScreen(<ComplianceReport versionId="v-ext" name="Extintores" />, { user: owner, strings: ['facility-docs'], language: 'es-ES' });
    const method = await screen.findByTestId('compliance-method');
    expect(method.textContent).toContain('Comprobación solo por reglas: no es una comprobación con IA');
    expect(method.textContent).toContain('no hay ningún proveedor de IA configurado');
    expect(screen.getByRole('button', { name: 'Comprobar de nuevo: Extintores' })).toBeTruthy();
  });

  it('shows why a check failed, with a way to run it again', async () => {
    fakeServer().on('GET', '/system/files/fileComplianceAnalysis', {
      ...base,
      state: 'FAILED',
      errorMessage: 'The server cannot read documents: the tesseract-ocr package is not installed. Tell your administrator.',
    });
    await renderScreen(<ComplianceReport versionId="v-ext" name="Extinguishers" />, { user: owner, strings: ['facility-docs'] });
    expect((await screen.findByTestId('compliance-failed')).textContent).toContain('tesseract-ocr');
    expect(screen.getByRole('button', { name: 'Run the check again: Extinguishers' })).toBeTruthy();
  });
});

describe('/inspection-status: red flags', () => {
  const cur: FacilityDocVersion = {
    category: 'LICENSING_COMPLIANCE',
    requirementCode: 'LICENSE',
    documentId: 'd-lic',
    name: 'Adult family home license',
    signaturesRequired: false,
    signaturesCompleted: false,
    renewal: false,
    complianceCheck: false,
    buildingSafetyException: false,
    isApprovalStep: false,
    signatures: [],
    awaitingSignatures: 0,
    awaitingApproval: false,
    versionId: 'v-lic',
    version: 1,
    uploadedOn: '2026-11-01',
    uploaderName: 'Grace Lin',
    createTime: 0,
    file: { fileId: 'f1', name: 'license.pdf', suffix: 'pdf', size: 1, createTime: 0, category: 'FACILITY_DOCUMENT', contentType: 'application/pdf', url: '/f1' },
  };
  const checklist: FacilityInspections = {
    today: '2026-11-28',
    expiringSoonDays: 30,
    missingCount: 1,
    expiredCount: 1,
    expiringSoonCount: 0,
    redFlagCount: 2,
    items: [
      { code: 'EMERGENCY_DISASTER_PLAN', category: 'EMERGENCY_PREPAREDNESS', source: 'WAC', expiryRequired: false, status: 'MISSING', versionCount: 0 },
      {
        code: 'LICENSE',
        category: 'LICENSING_COMPLIANCE',
        source: 'WAC 388-76-10005',
        expiryRequired: true,
        status: 'EXPIRED',
        versionCount: 1,
        documentId: 'd-lic',
        current: cur,
        redFlags: [{ kind: 'EXPIRED' }, { kind: 'MISSED_ITEM', items: ['LIC_NUMBER', 'LIC_CAPACITY'], count: 2 }],
        check: { versionId: 'v-lic', state: 'DONE', method: 'RULES', coveredCount: 2, missingCount: 2 },
      },
    ],
  };

  it('flags the item, filters to red flags, and opens the compliance check of its current version', async () => {
    fakeServer()
      .on('GET', '/care/resident/getResidentFileInspections', { area: 'RESIDENTS', inOrder: 0, total: 0, score: 100, subjects: [] })
      .on('GET', '/care/caregiver/getStaffFileInspections', { area: 'STAFF', inOrder: 0, total: 0, score: 100, subjects: [] })
      .on('GET', '/system/tenant/getFacilityFileInspections', checklist)
      .on('POST', '/system/tenant/listFacilityFiles', [])
      .on('GET', '/system/tenant/listFacilityDocsToSign', [])
      .on('GET', '/system/files/fileComplianceAnalysis', { ...base, versionId: 'v-lic', state: 'NONE' });
    const { user, location } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });
    const rows = await screen.findAllByTestId('fdoc-item');
    const flags = within(rows[1]).getAllByTestId('fdoc-red-flag');
    expect(flags.map((f) => f.textContent)).toEqual(['Red flag: expired', 'Red flag: required items missing (2)']);
    expect(within(rows[0]).queryByTestId('fdoc-red-flag')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Red flags: 2' }));
    expect(location().search).toBe('?redFlags=1');
    expect(screen.getAllByTestId('fdoc-item').map((r) => r.dataset.code)).toEqual(['LICENSE']);

    await user.click(screen.getByRole('button', { name: 'Compliance check: Adult family home license' }));
    expect(await screen.findByRole('button', { name: 'Run the check: Adult family home license' })).toBeTruthy();
  });

  it('reads the checklist again when a check is found finished, also one that finished before it was opened', async () => {
    // A new version is checked by itself on upload: the checklist read before the check ended has no flag yet.
    const before: FacilityInspections = { ...checklist, redFlagCount: 1, items: checklist.items.map((it) => ({ ...it, redFlags: it.redFlags?.filter((f) => f.kind === 'EXPIRED') })) };
    let reads = 0;
    const api = fakeServer()
      .on('GET', '/care/resident/getResidentFileInspections', { area: 'RESIDENTS', inOrder: 0, total: 0, score: 100, subjects: [] })
      .on('GET', '/care/caregiver/getStaffFileInspections', { area: 'STAFF', inOrder: 0, total: 0, score: 100, subjects: [] })
      .on('GET', '/system/tenant/getFacilityFileInspections', () => (reads++ === 0 ? before : checklist))
      .on('POST', '/system/tenant/listFacilityFiles', [])
      .on('GET', '/system/tenant/listFacilityDocsToSign', [])
      .on('GET', '/system/files/fileComplianceAnalysis', done({ versionId: 'v-lic', method: 'RULES', rulesReason: 'NO_PROVIDER' }));
    const { user } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });
    const row = () => screen.getAllByTestId('fdoc-item')[1];
    await screen.findAllByTestId('fdoc-item');
    expect(within(row()).getAllByTestId('fdoc-red-flag').map((f) => f.textContent)).toEqual(['Red flag: expired']);
    await user.click(screen.getByRole('button', { name: 'Compliance check: Adult family home license' }));
    await screen.findByTestId('compliance-report');
    await within(row()).findByText('Red flag: required items missing (2)');
    expect(api.callsTo('/system/tenant/getFacilityFileInspections').length).toBe(2);
  });
});
