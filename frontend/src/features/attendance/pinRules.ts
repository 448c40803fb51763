// The kiosk PIN a caregiver sets in /your-status (issue 5: 4–6 digits, stored hashed on the server).

export const PIN_MIN = 4;
export const PIN_MAX = 6;

export type PinProblem = 'required' | 'digits' | 'length' | 'mismatch';

/** What is wrong with a PIN and its confirmation, or null when it can be sent. */
export function pinProblem(pin: string, confirm: string): PinProblem | null {
  if (pin === '') return 'required';
  if (!/^[0-9]+$/.test(pin)) return 'digits';
  if (pin.length < PIN_MIN || pin.length > PIN_MAX) return 'length';
  if (confirm !== pin) return 'mismatch';
  return null;
}

/** Keeps only digits, at most PIN_MAX of them (what the PIN inputs accept while typing). */
export function pinInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, PIN_MAX);
}
