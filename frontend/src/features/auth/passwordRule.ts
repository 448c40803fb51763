// Password rule of spec 000 §5, checked here as well as on the server so the user sees it while typing.
import { PasswordMaxLength, PasswordMinLength, PasswordSymbols } from '@/types/api.gen';

export type PasswordRule = 'length' | 'upper' | 'lower' | 'digit' | 'symbol';

export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'upper', 'lower', 'digit', 'symbol'];

/** Rule label keys, static so the locale check sees them. */
export const PASSWORD_RULE_KEYS = {
  length: 'auth.passwordRule.length',
  upper: 'auth.passwordRule.upper',
  lower: 'auth.passwordRule.lower',
  digit: 'auth.passwordRule.digit',
  symbol: 'auth.passwordRule.symbol',
} as const satisfies Record<PasswordRule, string>;

/** The rules a password breaks; empty when it is acceptable. */
export function passwordProblems(password: string): PasswordRule[] {
  const length = [...password].length;
  const problems: PasswordRule[] = [];
  if (length < PasswordMinLength || length > PasswordMaxLength) problems.push('length');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (![...PasswordSymbols].some((s) => password.includes(s))) problems.push('symbol');
  return problems;
}

export function isAcceptablePassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
