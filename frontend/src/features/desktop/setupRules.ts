// Checks of the desktop setup forms (issue 6; bounds from shared/desktop.go), before anything is sent.
import { CloudURLMax, KioskExitPinMax, KioskExitPinMin, KioskNameMax } from '@/types/api.gen';

export type CloudUrlProblem = 'required' | 'scheme' | 'invalid' | 'tooLong';

/** The cloud address as typed, trimmed and without a trailing slash. */
export function normaliseCloudUrl(raw: string): string {
  const url = raw.trim();
  // Only after a host: "https://" alone stays as typed (and is refused as invalid).
  return /^[a-z]+:\/\/[^/]/i.test(url) ? url.replace(/\/+$/, '') : url;
}

/** SetCloudRequest.cloudUrl: 1–255 characters, http:// or https://, a host. */
export function cloudUrlProblem(raw: string): CloudUrlProblem | null {
  const url = normaliseCloudUrl(raw);
  if (url === '') return 'required';
  if (url.length > CloudURLMax) return 'tooLong';
  if (!/^https?:\/\//i.test(url)) return 'scheme';
  try {
    const parsed = new URL(url);
    if (parsed.hostname === '') return 'invalid';
  } catch {
    return 'invalid';
  }
  return null;
}

export type CredentialProblem = 'required' | 'shape';

/** KioskSetupRequest.credential: hk_ then letters, digits, _ or -, 8–128 characters in all. */
export function credentialProblem(raw: string): CredentialProblem | null {
  const c = raw.trim();
  if (c === '') return 'required';
  if (c.length < 8 || c.length > 128 || !/^hk_[A-Za-z0-9_-]+$/.test(c)) return 'shape';
  return null;
}

export type ExitPinProblem = 'required' | 'shape' | 'mismatch';

/** The owner's exit PIN: 4–8 digits, typed twice the same. */
export function exitPinProblem(pin: string, confirm: string): ExitPinProblem | null {
  if (pin === '') return 'required';
  if (!new RegExp(`^[0-9]{${KioskExitPinMin},${KioskExitPinMax}}$`).test(pin)) return 'shape';
  if (confirm !== pin) return 'mismatch';
  return null;
}

/** Keeps only digits, at most `max` of them (what the PIN fields accept while typing). */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/[^0-9]/g, '').slice(0, max);
}

export type DeviceNameProblem = 'required' | 'tooLong';

export function deviceNameProblem(raw: string): DeviceNameProblem | null {
  const name = raw.trim();
  if (name === '') return 'required';
  if (name.length > KioskNameMax) return 'tooLong';
  return null;
}

export type KioskCredentialSource = 'register' | 'paste';

export interface KioskSetupFields {
  source: KioskCredentialSource;
  deviceName: string;
  credential: string;
  exitPin: string;
  exitPinConfirm: string;
}

export interface KioskSetupProblems {
  deviceName?: DeviceNameProblem;
  credential?: CredentialProblem;
  exitPin?: ExitPinProblem;
}

/** Every problem of the kiosk setup form at once: the name when registering now, else the credential; the PIN. */
export function kioskSetupProblems(f: KioskSetupFields): KioskSetupProblems {
  const out: KioskSetupProblems = {};
  if (f.source === 'register') {
    const p = deviceNameProblem(f.deviceName);
    if (p) out.deviceName = p;
  } else {
    const p = credentialProblem(f.credential);
    if (p) out.credential = p;
  }
  const pin = exitPinProblem(f.exitPin, f.exitPinConfirm);
  if (pin) out.exitPin = pin;
  return out;
}
