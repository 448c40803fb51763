import { describe, expect, it } from 'vitest';
import type { FacilityDocVersion, FacilityDocument, FacilityInspections, FacilityRequirement } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import InspectionStatusPage from './InspectionStatusPage';

const owner = { roles: [RoleFacilityOwner] };

const version = (v: Partial<FacilityDocVersion>): FacilityDocVersion => ({
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
  versionId: 'v1',
  version: 1,
  uploadedOn: '2026-11-01',
  uploaderName: 'Grace Lin',
  createTime: Date.UTC(2026, 10, 1),
  file: { fileId: 'f1', name: 'license-2025.pdf', suffix: 'pdf', size: 2048, createTime: 0, category: 'FACILITY_DOCUMENT', contentType: 'application/pdf', url: '/api/system/files/f1?sig=x' },
  ...v,
});
const oldLicence = version({ expiresOn: '2026-10-01' });
const newLicence = version({ versionId: 'v2', version: 2, expiresOn: '2027-10-01', renewal: true, file: { ...oldLicence.file, fileId: 'f2', name: 'license-2026.pdf', url: '/api/system/files/f2?sig=y' } });

const item = (code: string, category: string, status: string, extra: Partial<FacilityRequirement> = {}): FacilityRequirement => ({
  code,
  category,
  source: `WAC source of ${code}`,
  expiryRequired: false,
  status,
  versionCount: 0,
  ...extra,
});
const checklist: FacilityInspections = {
  today: '2026-11-28',
  expiringSoonDays: 30,
  missingCount: 1,
  expiredCount: 0,
  expiringSoonCount: 1,
  items: [
    item('EMERGENCY_DISASTER_PLAN', 'EMERGENCY_PREPAREDNESS', 'MISSING'),
    item('LICENSE', 'LICENSING_COMPLIANCE', 'RENEWED', { expiryRequired: true, documentId: 'd-lic', versionCount: 2, current: newLicence }),
    item('LIABILITY_INSURANCE', 'LICENSING_COMPLIANCE', 'EXPIRING_SOON', { expiryRequired: true }),
  ],
};
const docs: FacilityDocument[] = [{ documentId: 'd-lic', category: 'LICENSING_COMPLIANCE', requirementCode: 'LICENSE', versions: [newLicence, oldLicence] }];

describe('/inspection-status: facility documents', () => {
  it('shows the checklist by category with each status, and every version of a document with its file', async () => {
    fakeServer().on('GET', '/system/tenant/getFacilityFileInspections', checklist).on('POST', '/system/tenant/listFacilityFiles', docs);
    const { user } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });

    const rows = await screen.findAllByTestId('fdoc-item');
    expect(rows.map((r) => r.dataset.code)).toEqual(['EMERGENCY_DISASTER_PLAN', 'LICENSE', 'LIABILITY_INSURANCE']);
    expect(within(rows[0]).getByText('Missing')).toBeTruthy();
    expect(within(rows[0]).getByText('Emergency and disaster plan')).toBeTruthy();
    expect(within(rows[1]).getByText('Renewed')).toBeTruthy();
    expect(within(rows[2]).getByText('Expiring soon')).toBeTruthy();
    expect(screen.getByText('Missing: 1')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Licensing and compliance' })).toBeTruthy();

    await user.click(within(rows[1]).getByRole('button', { name: 'Versions: Adult family home license' }));
    const versions = within(rows[1]).getAllByTestId('doc-version');
    expect(versions.map((v) => v.dataset.version)).toEqual(['2', '1']);
    expect(within(versions[0]).getByText('Renewal')).toBeTruthy();
    const links = within(rows[1]).getAllByTestId('doc-download');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/api/system/files/f2?sig=y', '/api/system/files/f1?sig=x']);
  });

  it('asks for the status the dashboard links to, and checks the dates before uploading', async () => {
    const api = fakeServer()
      .on('GET', '/system/tenant/getFacilityFileInspections', (call) =>
        call.query.status ? { ...checklist, items: checklist.items.filter((i) => i.status === call.query.status) } : checklist,
      )
      .on('POST', '/system/tenant/listFacilityFiles', docs);
    const { user } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status?status=EXPIRING_SOON', user: owner, strings: ['facility-docs'] });
    const rows = await screen.findAllByTestId('fdoc-item');
    expect(rows).toHaveLength(1);
    expect(api.callsTo('/system/tenant/getFacilityFileInspections').some((c) => c.query.status === 'EXPIRING_SOON')).toBe(true);

    await user.click(within(rows[0]).getByRole('button', { name: 'Upload: Liability insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload: Liability insurance' });
    await user.type(within(dialog).getByLabelText(/^Valid from/), '2026-12-01');
    await user.type(within(dialog).getByLabelText(/^Expiration date/), '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('The expiration date cannot be before the date it takes effect.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the file to upload.')).toBeTruthy();
    expect(api.callsTo('/system/tenant/uploadFacilityInitFile')).toHaveLength(0);
  });

  it('reads in Chinese', async () => {
    fakeServer().on('GET', '/system/tenant/getFacilityFileInspections', checklist).on('POST', '/system/tenant/listFacilityFiles', []);
    await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'], language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '检查准备' })).toBeTruthy();
    expect(screen.getAllByText('缺失').length).toBeGreaterThan(0);
    expect(await screen.findByText('尚无其他文件。')).toBeTruthy();
  });
});
