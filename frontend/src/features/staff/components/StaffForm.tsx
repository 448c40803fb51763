import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Checkbox, Classes, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Caregiver } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { RequiredMark } from '@/lib/form/FormField';
import { revealFirstError } from '@/lib/form/reveal';
import { useRevealErrors } from '@/lib/form/useReveal';
import { roleLabel } from '@/lib/i18n/labels';
import { checkAccount, checkEmail, checkPhone } from '../api/checkTaken';
import { checkSystemColor } from '../api/checkSystemColor';
import { SPECIALTY_KEYS, specialtyLabel } from '../staffLabels';
import {
  ACCOUNT_MAX,
  accountProblem,
  emailProblem,
  MAIL_MAX,
  NAME_MAX,
  nameProblem,
  PHONE_MAX,
  phoneProblem,
  ROLE_ADMIN,
  ROLE_CAREGIVER,
  type FieldProblem,
} from '../staffRules';
import { useTakenCheck } from '../useTakenCheck';
import { LANGUAGES } from '@/lib/i18n';
import { Select } from '@/components/Select';

export interface StaffFormValue {
  account: string;
  name: string;
  email: string;
  phone: string;
  roleType: string;
  color: string;
  hireDate: string;
  birthDate: string;
  specialties: string[];
  nurseDelegation: boolean;
  diabetesDelegation: boolean;
  /** The language the person reads Hearth in ('' = the manager's); only when adding. */
  language: string;
}

export function emptyStaff(today: string): StaffFormValue {
  return {
    account: '',
    name: '',
    email: '',
    phone: '',
    roleType: ROLE_CAREGIVER,
    color: '',
    hireDate: today,
    birthDate: '',
    specialties: [],
    nurseDelegation: false,
    diabetesDelegation: false,
    language: '',
  };
}

export function staffFormValue(c: Caregiver): StaffFormValue {
  return {
    account: c.account,
    name: c.name,
    email: c.email,
    phone: c.phone,
    roleType: c.roleType,
    color: c.color,
    hireDate: c.hireDate,
    birthDate: c.birthDate,
    specialties: c.specialties ?? [],
    nurseDelegation: c.nurseDelegation,
    diabetesDelegation: c.diabetesDelegation,
    language: '',
  };
}

interface StaffFormProps {
  initial: StaffFormValue;
  /** Set when editing: the account is fixed and the duplicate checks exclude this user. */
  userId?: string;
  caregiverId?: string;
  /** The owner may add an admin directly; an admin adds caregivers only. */
  canChooseRole: boolean;
  submitText: string;
  onSubmit: (value: StaffFormValue) => void;
  /** The save is under way (the caller's mutation). */
  busy: boolean;
  /** The save's failure: its 4022 field messages show under the fields until the field is edited. */
  error: unknown;
  onCancel?: () => void;
}

const PROBLEM_KEYS: Record<FieldProblem, 'staff.form.required' | 'staff.form.format' | 'staff.form.length' | 'staff.form.taken'> = {
  required: 'staff.form.required',
  format: 'staff.form.format',
  length: 'staff.form.length',
  taken: 'staff.form.taken',
};

/** What the form cannot be saved without (spec 000 §5). */
const REQUIRED_FIELDS: readonly (keyof StaffFormValue)[] = ['name', 'account', 'email', 'phone', 'hireDate'];

/** Add staff and edit profile (spec 000 §5 bounds, live duplicate checks for account, phone and e-mail). */
export function StaffForm({ initial, userId, caregiverId, canChooseRole, submitText, onSubmit, busy, error, onCancel }: StaffFormProps) {
  const { t } = useTranslation();
  const editing = userId !== undefined;
  const [v, setV] = useState(initial);
  const [touched, setTouched] = useState(false);
  const { formRef, reveal } = useRevealErrors();
  // A refusal from the server: its field messages are on screen now, bring the first into view.
  useEffect(() => {
    if (error) revealFirstError(formRef.current);
  }, [error, formRef]);
  const [edited, setEdited] = useState<Partial<Record<keyof StaffFormValue, boolean>>>({});
  const server: Record<string, string> = busy ? {} : fieldErrors(error);
  const set = <K extends keyof StaffFormValue>(k: K, value: StaffFormValue[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    setEdited((s) => ({ ...s, [k]: true }));
  };

  const askAccount = useCallback((value: string, signal: AbortSignal) => checkAccount({ account: value }, signal), []);
  const askPhone = useCallback((value: string, signal: AbortSignal) => checkPhone({ phone: value, userId }, signal), [userId]);
  const askColor = useCallback(
    (value: string, signal: AbortSignal) => checkSystemColor({ color: value, caregiverId }, signal),
    [caregiverId],
  );
  const askEmail = useCallback((value: string, signal: AbortSignal) => checkEmail({ email: value, userId }, signal), [userId]);

  const problems: Partial<Record<keyof StaffFormValue, FieldProblem>> = {};
  const acc = editing ? null : accountProblem(v.account);
  const accTaken = useTakenCheck(v.account, acc === null && v.account !== '', askAccount, editing);
  if (acc) problems.account = acc;
  else if (accTaken === 'taken') problems.account = 'taken';
  const nm = nameProblem(v.name);
  if (nm) problems.name = nm;
  const ph = phoneProblem(v.phone);
  const phTaken = useTakenCheck(v.phone, ph === null, askPhone, editing && v.phone === initial.phone);
  if (ph) problems.phone = ph;
  else if (phTaken === 'taken') problems.phone = 'taken';
  const em = emailProblem(v.email);
  const emTaken = useTakenCheck(v.email, em === null, askEmail, editing && v.email === initial.email);
  if (em) problems.email = em;
  else if (emTaken === 'taken') problems.email = 'taken';
  const colorTaken = useTakenCheck(v.color, /^#[0-9A-Fa-f]{6}$/.test(v.color), askColor, editing && v.color === initial.color);
  if (colorTaken === 'taken') problems.color = 'taken';
  if (!v.hireDate) problems.hireDate = 'required';

  const message = (field: keyof StaffFormValue): string | undefined => {
    if (server[field] && !edited[field]) return server[field];
    const p = problems[field];
    // A taken value shows at once; the other problems after the first submit or once typed.
    if (!p || (p !== 'taken' && !touched && (v[field] === '' || v[field] === initial[field]))) return undefined;
    return t(PROBLEM_KEYS[p]);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) {
      reveal();
      return;
    }
    setEdited({});
    onSubmit(v);
  };

  const field = (
    key: keyof StaffFormValue,
    label: string,
    input: (id: string, intent: Intent) => ReactNode,
    helper?: string,
  ) => {
    const id = `staff-${key}`;
    const msg = message(key);
    const intent = msg ? Intent.DANGER : Intent.NONE;
    const required = REQUIRED_FIELDS.includes(key) && !(editing && key === 'account');
    return (
      <FormGroup
        label={label}
        labelFor={id}
        labelInfo={helper}
        subLabel={required ? <RequiredMark /> : undefined}
        intent={intent}
        helperText={msg ? <span data-field-error={id}>{msg}</span> : undefined}
      >
        {input(id, intent)}
      </FormGroup>
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="staff-form">
      <div className="hearth-form-grid">
        {field('name', t('staff.field.name'), (id, intent) => (
          <InputGroup id={id} value={v.name} maxLength={NAME_MAX} intent={intent} onValueChange={(x) => set('name', x)} />
        ))}
        {field(
          'account',
          t('staff.field.account'),
          (id, intent) => (
            <InputGroup
              id={id}
              value={v.account}
              maxLength={ACCOUNT_MAX}
              disabled={editing}
              autoComplete="off"
              intent={intent}
              onValueChange={(x) => set('account', x.trim())}
            />
          ),
          editing ? undefined : t('staff.form.accountHint'),
        )}
        {field('email', t('staff.field.email'), (id, intent) => (
          <InputGroup id={id} type="email" value={v.email} maxLength={MAIL_MAX} intent={intent} onValueChange={(x) => set('email', x.trim())} />
        ))}
        {field('phone', t('staff.field.phone'), (id, intent) => (
          <InputGroup id={id} type="tel" value={v.phone} maxLength={PHONE_MAX} intent={intent} onValueChange={(x) => set('phone', x)} />
        ))}
        {!editing && canChooseRole
          ? field('roleType', t('staff.field.role'), (id) => (
              <Select id={id} fill value={v.roleType} onChange={(e) => set('roleType', e.currentTarget.value)}>
                <option value={ROLE_CAREGIVER}>{roleLabel(t, ROLE_CAREGIVER)}</option>
                <option value={ROLE_ADMIN}>{roleLabel(t, ROLE_ADMIN)}</option>
              </Select>
            ))
          : null}
        {editing ? null : (
          <FormGroup label={t('staff.field.language')} labelFor="staff-language" helperText={t('staff.form.languageHint')}>
            <Select id="staff-language" fill value={v.language} onChange={(e) => set('language', e.currentTarget.value)}>
              <option value="">{t('staff.form.languageSameAsMine')}</option>
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </Select>
          </FormGroup>
        )}
        {field(
          'color',
          t('staff.field.color'),
          (id) => (
            <div className="hearth-staff-name">
              {editing ? null : (
                <Checkbox
                  className="hearth-no-margin"
                  label={t('staff.form.colorAuto')}
                  checked={v.color === ''}
                  onChange={(e) => set('color', e.currentTarget.checked ? '' : '#2F80ED')}
                />
              )}
              {v.color !== '' ? (
                <input id={id} type="color" className={Classes.INPUT} value={v.color} onChange={(e) => set('color', e.currentTarget.value.toUpperCase())} />
              ) : null}
            </div>
          ),
          t('staff.form.colorHint'),
        )}
        {field('hireDate', t('staff.field.hireDate'), (id, intent) => (
          <DateInput id={id} value={v.hireDate} intent={intent} required onChange={(x) => set('hireDate', x)} />
        ))}
        {field(
          'birthDate',
          t('staff.field.birthDate'),
          (id) => <DateInput id={id} value={v.birthDate} onChange={(x) => set('birthDate', x)} />,
          t('staff.form.birthDateHint'),
        )}
      </div>
      <FormGroup label={t('staff.field.specialties')} helperText={t('staff.form.specialtiesHint')}>
        {Object.keys(SPECIALTY_KEYS).map((code) => (
          <Checkbox
            key={code}
            inline
            label={specialtyLabel(t, code)}
            checked={v.specialties.includes(code)}
            onChange={(e) =>
              set('specialties', e.currentTarget.checked ? [...v.specialties, code] : v.specialties.filter((s) => s !== code))
            }
          />
        ))}
      </FormGroup>
      <FormGroup label={t('staff.field.delegation')}>
        <Checkbox inline label={t('staff.field.nurseDelegation')} checked={v.nurseDelegation} onChange={(e) => set('nurseDelegation', e.currentTarget.checked)} />
        <Checkbox
          inline
          label={t('staff.field.diabetesDelegation')}
          checked={v.diabetesDelegation}
          onChange={(e) => set('diabetesDelegation', e.currentTarget.checked)}
        />
      </FormGroup>
      <div className="hearth-actions-row">
        <Button type="submit" intent={Intent.PRIMARY} loading={busy} data-testid="staff-submit">
          {submitText}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t('common.action.cancel')}</Button> : null}
      </div>
    </form>
  );
}
