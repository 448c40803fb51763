import { describe, expect, it } from 'vitest';
import { shouldRegister } from './register';

describe('shouldRegister', () => {
  it('registers the phone app worker in a production browser page', () => {
    expect(shouldRegister({ supported: true, desktopShell: false, production: true })).toBe(true);
  });

  it('never inside the desktop shell, where the shell keeps the app and its data', () => {
    expect(shouldRegister({ supported: true, desktopShell: true, production: true })).toBe(false);
  });

  it('not on the dev server, nor where the browser has no service workers (plain http)', () => {
    expect(shouldRegister({ supported: true, desktopShell: false, production: false })).toBe(false);
    expect(shouldRegister({ supported: false, desktopShell: false, production: true })).toBe(false);
  });
});
