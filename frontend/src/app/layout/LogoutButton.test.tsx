import { describe, expect, it } from 'vitest';
import { renderScreen, screen } from '@/test/render';
import { LogoutButton } from './LogoutButton';

describe('signing out', () => {
  it('asks first, in a dialog a screen reader names by its question', async () => {
    const { user } = await renderScreen(<LogoutButton />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out' });
    expect(dialog).toBeTruthy();
  });
});
