import { describe, expect, it } from 'vitest';
import type { InspectorActivity, InspectorLink } from '@/types/api.gen';
import { RoleFacilityOwner } from '@/types/api.gen';
import { fakeServer, renderScreen, screen, within } from '@/test/render';
import { InspectorLinksSection } from './InspectorLinksSection';

const owner = { roles: [RoleFacilityOwner] };

const active: InspectorLink = {
  id: 'l-1',
  inspectorName: 'Ines Inspector',
  email: 'ines@dshs.example',
  areas: ['RESIDENTS', 'FACILITY_DOCS'],
  downloads: true,
  status: 'ACTIVE',
  expiresAt: Date.UTC(2026, 11, 3, 18, 0),
  createdAt: Date.UTC(2026, 10, 29, 18, 0),
  createdBy: 'Olivia Owner',
  views: 3,
};

describe('InspectorLinksSection', () => {
  it('issues a link for the areas chosen and shows it once', async () => {
    const server = fakeServer()
      .on('GET', '/system/inspector/listInspectorLinks', [])
      .on('POST', '/system/inspector/createInspectorLink', { ...active, url: 'http://hearth.test/inspector?token=abc' });
    const s = await renderScreen(<InspectorLinksSection />, { user: owner, strings: ['inspector'] });
    expect(await screen.findByText('No inspector links yet.')).toBeTruthy();
    const issue = screen.getByRole('button', { name: 'Issue link' });
    expect((issue as HTMLButtonElement).disabled).toBe(true); // no area chosen yet
    await s.user.type(screen.getByLabelText("Inspector's name"), 'Ines Inspector');
    await s.user.type(screen.getByLabelText("Inspector's e-mail"), 'ines@dshs.example');
    await s.user.selectOptions(screen.getByLabelText('Days the link works'), '5');
    await s.user.click(screen.getByLabelText("Residents' records"));
    await s.user.click(screen.getByLabelText('Facility documents'));
    await s.user.click(screen.getByLabelText('Allow downloads'));
    await s.user.click(issue);
    expect(server.lastBody('/system/inspector/createInspectorLink')).toEqual({
      inspectorName: 'Ines Inspector',
      email: 'ines@dshs.example',
      days: 5,
      areas: ['RESIDENTS', 'FACILITY_DOCS'],
      downloads: true,
    });
    const issued = await screen.findByTestId('inspector-issued');
    expect((issued).textContent).toContain('Link issued and e-mailed to ines@dshs.example.');
    expect((within(issued).getByRole('textbox', { name: "Inspector's link" }) as HTMLInputElement).value).toBe('http://hearth.test/inspector?token=abc');
  });

  it('lists links with their status, revokes one and shows its activity', async () => {
    const activity: InspectorActivity[] = [
      { at: Date.UTC(2026, 10, 29, 19, 5), action: 'DOWNLOAD', area: 'FACILITY_DOCS', page: 'download', subject: 'plan.pdf' },
      { at: Date.UTC(2026, 10, 29, 19, 0), action: 'VIEW', area: 'RESIDENTS', page: 'resident', subject: 'Ruth Alder' },
    ];
    const server = fakeServer()
      .on('GET', '/system/inspector/listInspectorLinks', [active, { ...active, id: 'l-0', status: 'REVOKED', views: 0, email: 'old@dshs.example' }])
      .on('POST', '/system/inspector/listInspectorActivity', activity)
      .on('POST', '/system/inspector/revokeInspectorLink', { ...active, status: 'REVOKED' });
    const s = await renderScreen(<InspectorLinksSection />, { user: owner, strings: ['inspector'] });
    const rows = await screen.findAllByTestId('inspector-link');
    expect(rows).toHaveLength(2);
    expect((within(rows[0]).getByTestId('inspector-link-status')).textContent).toContain('Active');
    expect((rows[0]).textContent).toContain('3 pages viewed');
    expect((rows[0]).textContent).toContain('Issued by Olivia Owner');
    expect((within(rows[1]).getByTestId('inspector-link-status')).textContent).toContain('Revoked');
    expect(within(rows[1]).queryByRole('button', { name: 'Revoke' })).toBeNull();

    await s.user.click(within(rows[0]).getByRole('button', { name: 'Activity' }));
    const lines = await within(rows[0]).findAllByTestId('inspector-activity-row');
    expect(lines.map((l) => l.textContent)).toEqual([expect.stringContaining('Downloaded · File · plan.pdf'), expect.stringContaining('Viewed · Resident record · Ruth Alder')]);

    await s.user.click(within(rows[0]).getByRole('button', { name: 'Revoke' }));
    expect(server.lastBody('/system/inspector/revokeInspectorLink')).toEqual({ id: 'l-1' });
  });

  it('speaks Spanish and Chinese', async () => {
    fakeServer().on('GET', '/system/inspector/listInspectorLinks', []);
    await renderScreen(<InspectorLinksSection />, { user: owner, strings: ['inspector'], language: 'es-ES' });
    expect(await screen.findByText('Aún no hay enlaces para inspectores.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Emitir enlace' })).toBeTruthy();
  });
});
