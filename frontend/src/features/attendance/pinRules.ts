// The kiosk PIN a caregiver sets in /your-status (issue 5: 4–6 digits, stored hashed on the server; the server
// refuses the same guessable PINs, attendance.GuessablePin in cloud/feature/attendance/pin.go).

import { PinMaxLength, PinMinLength } from '@/types/api.gen';

export const PIN_MIN = PinMinLength;
export const PIN_MAX = PinMaxLength;

export type PinProblem = 'required' | 'digits' | 'length' | 'guessable' | 'mismatch';

/** One digit repeated (0000, 111111) or a straight run up or down (1234, 012345, 4321, 987654); no wrap (7890 is fine). */
export function guessablePin(pin: string): boolean {
  if (!/^[0-9]{2,}$/.test(pin)) return false;
  const step = pin.charCodeAt(1) - pin.charCodeAt(0);
  if (step < -1 || step > 1) return false;
  for (let i = 2; i < pin.length; i++) if (pin.charCodeAt(i) - pin.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** What is wrong with a PIN and its confirmation, or null when it can be sent. */
export function pinProblem(pin: string, confirm: string): PinProblem | null {
  if (pin === '') return 'required';
  if (!/^[0-9]+$/.test(pin)) return 'digits';
  if (pin.length < PIN_MIN || pin.length > PIN_MAX) return 'length';
  if (guessablePin(pin)) return 'guessable';
  if (confirm !== pin) return 'mismatch';
  return null;
}

/** Keeps only digits, at most PIN_MAX of them (what the PIN inputs accept while typing). */
export function pinInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, PIN_MAX);
}
