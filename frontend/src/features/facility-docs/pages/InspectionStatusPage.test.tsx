import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AreaInspections, FacilityDocVersion, FacilityDocument, FacilityInspections, FacilityRequirement } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within, type FakeServer } from '@/test/render';
import InspectionStatusPage from './InspectionStatusPage';

const owner = { roles: [RoleFacilityOwner] };

const residentsArea: AreaInspections = {
  area: 'RESIDENTS',
  inOrder: 10,
  total: 12,
  score: 83,
  subjects: [
    {
      id: 'r-ruth',
      name: 'Ruth Alder',
      inOrder: 4,
      total: 6,
      checks: [
        { rule: 'ASSESSMENT', inOrder: true, count: 0 },
        { rule: 'CARE_PLAN', inOrder: false, count: 1, dueDate: '2026-10-01', link: '/resident-management/detail?residentId=r-ruth&tab=carePlan' },
        { rule: 'PHYSICIAN_ORDER', inOrder: true, count: 0 },
        { rule: 'MAR_COMPLETE', inOrder: false, count: 2, dueDate: '2026-11-20', link: '/emars/med-log/r-ruth' },
        { rule: 'DISPOSAL', inOrder: true, count: 0 },
        { rule: 'INCIDENT_DUTY', inOrder: true, count: 0 },
      ],
    },
    { id: 'r-omar', name: 'Omar Haddad', inOrder: 6, total: 6, checks: [{ rule: 'ASSESSMENT', inOrder: true, count: 0 }] },
  ],
};
const staffArea: AreaInspections = {
  area: 'STAFF',
  inOrder: 1,
  total: 2,
  score: 50,
  subjects: [
    { id: 'c-ana', name: 'Ana Cruz', inOrder: 0, total: 1, checks: [{ rule: 'CREDENTIALS', inOrder: false, count: 1, dueDate: '2026-11-01', link: '/staff-management/detail/c-ana' }] },
    { id: 'c-ben', name: 'Ben Okafor', inOrder: 1, total: 1, checks: [{ rule: 'CREDENTIALS', inOrder: true, count: 0 }] },
  ],
};

/** The residents and staff areas every render of the page asks for, and the documents waiting for my signature (none). */
function areas(server: FakeServer): FakeServer {
  return server
    .on('GET', '/care/resident/getResidentFileInspections', residentsArea)
    .on('GET', '/care/caregiver/getStaffFileInspections', staffArea)
    .on('GET', '/system/tenant/listFacilityDocsToSign', []);
}

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
  signatures: [],
  awaitingSignatures: 0,
  awaitingApproval: false,
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
  redFlagCount: 0,
  items: [
    item('EMERGENCY_DISASTER_PLAN', 'EMERGENCY_PREPAREDNESS', 'MISSING'),
    item('LICENSE', 'LICENSING_COMPLIANCE', 'RENEWED', { expiryRequired: true, documentId: 'd-lic', versionCount: 2, current: newLicence }),
    item('LIABILITY_INSURANCE', 'LICENSING_COMPLIANCE', 'EXPIRING_SOON', { expiryRequired: true }),
  ],
};
const docs: FacilityDocument[] = [{ documentId: 'd-lic', category: 'LICENSING_COMPLIANCE', requirementCode: 'LICENSE', versions: [newLicence, oldLicence] }];

describe('/inspection-status: facility documents', () => {
  it('shows the checklist by category with each status, and every version of a document with its file', async () => {
    areas(fakeServer()).on('GET', '/system/tenant/getFacilityFileInspections', checklist).on('POST', '/system/tenant/listFacilityFiles', docs);
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
    const api = areas(fakeServer())
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

  it('takes an iPhone photo or a Word document as the file, and says when a file is neither', async () => {
    areas(fakeServer()).on('GET', '/system/tenant/getFacilityFileInspections', checklist).on('POST', '/system/tenant/listFacilityFiles', docs);
    const { user } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });
    const rows = await screen.findAllByTestId('fdoc-item');
    await user.click(within(rows[2]).getByRole('button', { name: 'Upload: Liability insurance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload: Liability insurance' });
    expect(within(dialog).getByText('PDF, JPG, JPEG, PNG, HEIC or DOCX files.')).toBeTruthy();
    const input = within(dialog).getByTestId('facility-doc-file-input');
    await user.upload(input, new File(['heic'], 'IMG_0412.HEIC', { type: '' }));
    expect(within(dialog).getByTestId('chosen-file').textContent).toContain('IMG_0412.HEIC');
    await user.upload(input, new File(['docx'], 'policy.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(within(dialog).getByTestId('chosen-file').textContent).toContain('policy.docx');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['zip'], 'papers.zip', { type: 'application/zip' }));
    expect(within(dialog).getByTestId('upload-problem').textContent).toBe('"papers.zip" is not a PDF, a JPG, PNG or HEIC photo, or a Word document (DOCX).');
    expect(within(dialog).getByTestId('chosen-file').textContent).toContain('policy.docx');
  });

  it('reads in Chinese', async () => {
    areas(fakeServer()).on('GET', '/system/tenant/getFacilityFileInspections', checklist).on('POST', '/system/tenant/listFacilityFiles', []);
    await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'], language: 'zh-CN' });
    expect(await screen.findByRole('heading', { name: '检查准备' })).toBeTruthy();
    expect(screen.getAllByText('缺失').length).toBeGreaterThan(0);
    expect(await screen.findByText('尚无其他文件。')).toBeTruthy();
  });

  it('scores each area and overall, and links every gap to the page where it is fixed', async () => {
    areas(fakeServer()).on('GET', '/system/tenant/getFacilityFileInspections', checklist).on('POST', '/system/tenant/listFacilityFiles', docs);
    const { user, location } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });

    // Residents 10/12, staff 1/2, documents 2/3 (the missing plan is the gap): 13 of 17 overall.
    expect((await screen.findByTestId('inspect-overall')).textContent).toBe('Overall: 76% in order');
    const scores = screen.getAllByTestId('inspect-area-score').map((s) => s.textContent);
    expect(scores).toEqual(['Residents: 83%', 'Staff: 50%', 'Facility documents: 66%']);

    const residents = screen.getByTestId('inspect-residents');
    expect(within(residents).getByText('10 of 12 checks in order')).toBeTruthy();
    const people = within(residents).getAllByTestId('area-subject');
    expect(people.map((p) => p.dataset.id)).toEqual(['r-ruth']);
    expect(within(residents).getByText('Everyone else is in order (1).')).toBeTruthy();
    const gaps = within(people[0]).getAllByTestId('area-gap');
    expect(gaps.map((g) => g.dataset.rule)).toEqual(['CARE_PLAN', 'MAR_COMPLETE']);
    expect(within(gaps[1]).getByText('MAR complete for the last 30 days')).toBeTruthy();
    expect(within(gaps[1]).getByText(/Blank passes: 2/)).toBeTruthy();
    const fix = within(gaps[0]).getByRole('link', { name: 'Fix it: Negotiated care plan and yearly review, Ruth Alder' });
    expect(fix.getAttribute('href')).toBe('/resident-management/detail?residentId=r-ruth&tab=carePlan');

    const staff = screen.getByTestId('inspect-staff');
    const credential = within(staff).getByRole('link', { name: 'Fix it: Training and credentials current, Ana Cruz' });
    expect(within(staff).queryByText('Ben Okafor')).toBeNull();
    await user.click(credential);
    expect(location().pathname).toBe('/staff-management/detail/c-ana');
  });

  it('flags a plan awaiting signatures, lets a named signer sign it, then approve it', async () => {
    const plan = version({
      category: 'EMERGENCY_PREPAREDNESS',
      requirementCode: 'EMERGENCY_DISASTER_PLAN',
      documentId: 'd-plan',
      versionId: 'vp',
      name: 'Disaster plan',
      signaturesRequired: true,
      isApprovalStep: true,
      awaitingSignatures: 1,
      awaitingApproval: true,
      signatures: [
        { userId: 'u-ann', name: 'Ann Admin', role: 'SIGNER', signedAt: Date.UTC(2026, 10, 20, 17) },
        { userId: 'user-1', name: 'Olive Owner', role: 'SIGNER', signedAt: 0 },
      ],
    });
    const signed = { ...plan, awaitingSignatures: 0, signatures: plan.signatures.map((g) => ({ ...g, signedAt: g.signedAt || Date.UTC(2026, 10, 28, 17) })) };
    let current = plan;
    const list = () => ({
      ...checklist,
      items: [item('EMERGENCY_DISASTER_PLAN', 'EMERGENCY_PREPAREDNESS', 'MISSING', { documentId: 'd-plan', versionCount: 1, current })],
    });
    const api = areas(fakeServer())
      .on('GET', '/system/tenant/getFacilityFileInspections', list)
      .on('POST', '/system/tenant/listFacilityFiles', () => [{ documentId: 'd-plan', category: 'EMERGENCY_PREPAREDNESS', requirementCode: 'EMERGENCY_DISASTER_PLAN', versions: [current] }])
      .on('POST', '/system/tenant/signFacilityDocument', () => {
        current = signed;
        return signed;
      })
      .on('POST', '/system/tenant/approveFacilityDocument', () => ({ ...signed, awaitingApproval: false }));
    const { user } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });
    const row = (await screen.findAllByTestId('fdoc-item'))[0];
    expect(within(row).getByTestId('fdoc-flag-signatures').textContent).toBe('Signatures awaited: 1');
    expect(within(row).getByTestId('fdoc-flag-approval').textContent).toBe('Awaiting approval');
    await user.click(within(row).getByRole('button', { name: 'Versions: Emergency and disaster plan' }));
    expect(within(row).getByText(/^Signed by Ann Admin/)).toBeTruthy();
    expect(within(row).getByText('Waiting for Olive Owner to sign')).toBeTruthy();
    // Approval waits for the signatures.
    expect(within(row).queryByTestId('doc-approve')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Sign: Disaster plan (Version 1)' }));
    expect(api.callsTo('/system/tenant/signFacilityDocument')[0].body).toEqual({ versionId: 'vp' });
    await user.click(await within(row).findByRole('button', { name: 'Approve: Disaster plan (Version 1)' }));
    expect(api.callsTo('/system/tenant/approveFacilityDocument')[0].body).toEqual({ versionId: 'vp' });
  });

  it('prints the page as a PDF in the language chosen', async () => {
    const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="report.pdf"' } });
    const api = areas(fakeServer())
      .on('GET', '/system/tenant/getFacilityFileInspections', checklist)
      .on('POST', '/system/tenant/listFacilityFiles', docs)
      .on('GET', '/care/inspection/print', pdf);
    const { user } = await renderScreen(<InspectionStatusPage />, { route: '/inspection-status', user: owner, strings: ['facility-docs'] });
    const lang = await screen.findByRole('combobox', { name: 'Report language' });
    expect((lang as HTMLSelectElement).value).toBe('en-US');
    await user.selectOptions(lang, 'es-ES');
    await user.click(screen.getByRole('button', { name: 'Print as PDF' }));
    await vi.waitFor(() => expect(api.callsTo('/care/inspection/print')).toHaveLength(1));
    expect(api.callsTo('/care/inspection/print')[0].query.lang).toBe('es-ES');
  });
});
