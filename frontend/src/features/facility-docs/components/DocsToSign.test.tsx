import { describe, expect, it, vi } from 'vitest';
import type { FacilityDocVersion } from '@/types/api.gen';
import { RoleCaregiverStaff } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen, within } from '@/test/render';
import { DocsToSign } from './DocsToSign';

const caregiver = { roles: [RoleCaregiverStaff] };

const version = (v: Partial<FacilityDocVersion>): FacilityDocVersion => ({
  category: 'RULES_POLICIES',
  documentId: 'd-rights',
  name: 'Resident rights policy',
  signaturesRequired: true,
  signaturesCompleted: false,
  renewal: false,
  complianceCheck: false,
  buildingSafetyException: false,
  isApprovalStep: false,
  signatures: [{ userId: 'u-amina', name: 'Amina Njoroge', role: 'SIGNER', signedAt: 0 }],
  awaitingSignatures: 1,
  awaitingApproval: false,
  versionId: 'v-rights',
  version: 2,
  uploadedOn: '2026-11-20',
  uploaderName: 'Grace Lin',
  createTime: Date.UTC(2026, 10, 20, 18),
  file: { fileId: 'f-rights', name: 'rights.pdf', suffix: 'pdf', size: 2048, createTime: 0, category: 'FACILITY_DOCUMENT', contentType: 'application/pdf', url: '/x' },
  ...v,
});
const rights = version({});
const evacuation = version({ versionId: 'v-evac', documentId: 'd-evac', name: 'Evacuation plan', category: 'EMERGENCY_PREPAREDNESS', version: 1, uploadedOn: '2026-11-25', file: { ...rights.file, fileId: 'f-evac' } });

describe('DocsToSign', () => {
  it('lists what waits for my signature, opens a document to read, and signs it after I confirm', async () => {
    let waiting = [rights, evacuation];
    const api = fakeServer()
      .on('GET', '/system/tenant/listFacilityDocsToSign', () => waiting)
      .on('POST', '/system/tenant/signFacilityDocument', () => {
        waiting = [evacuation];
        return { ...rights, awaitingSignatures: 0, signaturesCompleted: true };
      });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = await renderScreen(<DocsToSign />, { user: caregiver, strings: ['facility-docs'] });
    const section = await screen.findByRole('region', { name: 'Documents waiting for your signature (2)' });
    const rows = within(section).getAllByTestId('doc-to-sign');
    expect(rows.map((r) => r.dataset.versionId)).toEqual(['v-rights', 'v-evac']);
    expect(rows[0].textContent).toContain('Resident rights policy');
    expect(rows[0].textContent).toContain('Facility rules and policies · Version 2 · waiting since 11/20/2026');
    expect(rows[0].textContent).toContain('Added by Grace Lin');

    await user.click(within(rows[0]).getByRole('button', { name: 'Read: Resident rights policy (Version 2)' }));
    expect(open).toHaveBeenCalledWith('/f-rights?preview=1', '_blank', 'noopener');

    await user.click(within(rows[0]).getByRole('button', { name: 'Sign: Resident rights policy (Version 2)' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Sign “Resident rights policy”/ });
    expect(within(confirm).getByTestId('doc-to-sign-confirm').textContent).toBe(
      'Sign “Resident rights policy” (Version 2)? By signing you confirm that you have read it. Your name and the time are recorded.',
    );
    expect(api.callsTo('/system/tenant/signFacilityDocument')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText('Signed.')).toBeTruthy();
    expect(api.lastBody('/system/tenant/signFacilityDocument')).toEqual({ versionId: 'v-rights' });
    await screen.findByRole('region', { name: 'Documents waiting for your signature (1)' });
    expect(screen.getAllByTestId('doc-to-sign').map((r) => r.dataset.versionId)).toEqual(['v-evac']);
  });

  it('cancelling the confirmation signs nothing', async () => {
    const api = fakeServer().on('GET', '/system/tenant/listFacilityDocsToSign', [rights]);
    const { user } = await renderScreen(<DocsToSign />, { user: caregiver, strings: ['facility-docs'] });
    await user.click(await screen.findByRole('button', { name: 'Sign: Resident rights policy (Version 2)' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Not now' }));
    expect(screen.getAllByTestId('doc-to-sign')).toHaveLength(1);
    expect(api.callsTo('/system/tenant/signFacilityDocument')).toHaveLength(0);
  });

  it('shows nothing when nothing waits, and nothing (no message) on a free-plan home', async () => {
    const api = fakeServer().on('GET', '/system/tenant/listFacilityDocsToSign', refuse('7003', 'Your plan does not include this function'));
    const { container } = await renderScreen(<DocsToSign />, { user: caregiver, strings: ['facility-docs'] });
    await expect.poll(() => api.callsTo('/system/tenant/listFacilityDocsToSign').length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="docs-to-sign"]')).toBeNull();
    expect(screen.queryByText(/plan does not include/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.bp6-toast')).toBeNull();
  });

  it('speaks Spanish', async () => {
    fakeServer().on('GET', '/system/tenant/listFacilityDocsToSign', [rights]);
    await renderScreen(<DocsToSign />, { user: caregiver, strings: ['facility-docs'], language: 'es-ES' });
    await screen.findByRole('region', { name: 'Documentos que esperan su firma (1)' });
    expect(screen.getByRole('button', { name: 'Firmar: Resident rights policy (Versión 2)' })).toBeTruthy();
    expect(screen.getByTestId('doc-to-sign').textContent).toContain('esperando desde el 20/11/2026');
  });
});
