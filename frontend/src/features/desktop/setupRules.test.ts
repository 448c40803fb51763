import { describe, expect, it } from 'vitest';
import { cloudUrlProblem, credentialProblem, deviceNameProblem, digitsOnly, exitPinProblem, kioskSetupProblems, normaliseCloudUrl } from './setupRules';

describe('the first-run server address', () => {
  it('accepts http(s) addresses with a host, trimmed and without a trailing slash', () => {
    expect(cloudUrlProblem('https://hearth.example.org')).toBeNull();
    expect(cloudUrlProblem('  http://10.0.0.5:8080/  ')).toBeNull();
    expect(normaliseCloudUrl('  https://hearth.example.org/// ')).toBe('https://hearth.example.org');
  });

  it('says what is wrong', () => {
    expect(cloudUrlProblem('   ')).toBe('required');
    expect(cloudUrlProblem('hearth.example.org')).toBe('scheme');
    expect(cloudUrlProblem('ftp://hearth.example.org')).toBe('scheme');
    expect(cloudUrlProblem('https://')).toBe('invalid');
    expect(cloudUrlProblem('https://exa mple.org')).toBe('invalid');
    expect(cloudUrlProblem(`https://${'a'.repeat(250)}.org`)).toBe('tooLong');
  });
});

describe('the kiosk setup', () => {
  it('checks the credential shape of KioskSetupRequest', () => {
    expect(credentialProblem(' hk_demo-maple-front-door-kiosk-credential-2026 ')).toBeNull();
    expect(credentialProblem('')).toBe('required');
    expect(credentialProblem('hk_abc')).toBe('shape');
    expect(credentialProblem('xx_abcdefgh')).toBe('shape');
    expect(credentialProblem('hk_abc def gh')).toBe('shape');
    expect(credentialProblem(`hk_${'a'.repeat(126)}`)).toBe('shape');
  });

  it('wants an exit PIN of 4–8 digits typed twice', () => {
    expect(exitPinProblem('', '')).toBe('required');
    expect(exitPinProblem('123', '123')).toBe('shape');
    expect(exitPinProblem('123456789', '123456789')).toBe('shape');
    expect(exitPinProblem('12a4', '12a4')).toBe('shape');
    expect(exitPinProblem('8264', '8265')).toBe('mismatch');
    expect(exitPinProblem('8264', '8264')).toBeNull();
    expect(exitPinProblem('82641937', '82641937')).toBeNull();
  });

  it('keeps only digits while typing', () => {
    expect(digitsOnly('8a2 6-4', 8)).toBe('8264');
    expect(digitsOnly('1234567890', 8)).toBe('12345678');
  });

  it('checks the name when registering now, else the pasted credential', () => {
    expect(deviceNameProblem('  ')).toBe('required');
    expect(deviceNameProblem('x'.repeat(51))).toBe('tooLong');
    const base = { deviceName: '', credential: '', exitPin: '8264', exitPinConfirm: '8264' };
    expect(kioskSetupProblems({ ...base, source: 'register' })).toEqual({ deviceName: 'required' });
    expect(kioskSetupProblems({ ...base, source: 'paste' })).toEqual({ credential: 'required' });
    expect(kioskSetupProblems({ ...base, source: 'register', deviceName: 'Front door', exitPinConfirm: '' })).toEqual({ exitPin: 'mismatch' });
    expect(kioskSetupProblems({ ...base, source: 'paste', credential: 'hk_abcdefgh' })).toEqual({});
  });
});
