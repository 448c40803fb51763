import { useState } from 'react';
import { FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TimeZone } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { FormField } from '@/lib/form/FormField';
import { checkSignupField, SIGNUP_BOUNDS, SIGNUP_ZONES, type SignupField as Field, type SignupValues } from '@/lib/facility/signupRules';
import { timeZoneLabel } from '@/lib/i18n/labels';

interface SignupFieldProps {
  /** The form's id prefix: the input is `${form}-${name}`. */
  form: string;
  name: Field;
  label: string;
  value: string;
  /** The message under the field; its bounds when there is none. */
  error: string | undefined;
  multiline?: boolean;
  onChange: (value: string) => void;
}

/**
 * One field of a home or its owner (the sign-up form, the super admin's new home): a label, the bounds of
 * spec 000 §5 as its help, and the problem in their place when there is one (tied to the input for a screen
 * reader).
 */
export function SignupField({ form, name, label, value, error, multiline = false, onChange }: SignupFieldProps) {
  const { t } = useTranslation();
  const [min, max] = SIGNUP_BOUNDS[name];
  const id = `${form}-${name}`;
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormField id={id} label={label} error={error || undefined} hint={t('platform.signup.lengthHelp', { min, max })}>
      {multiline ? (
        <TextArea id={id} fill maxLength={max} value={value} intent={intent} onChange={(e) => onChange(e.currentTarget.value)} />
      ) : (
        <InputGroup id={id} maxLength={max} value={value} intent={intent} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </FormField>
  );
}

/** A home-and-owner form's values, its messages per field, and its checks (the sign-up rules). */
export function useSignupForm(initial: SignupValues) {
  const { t } = useTranslation();
  const [values, setValues] = useState<SignupValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (field: keyof SignupValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  /** Checks the fields (one in `optional` may stay empty) and says the problems under them; true when none. */
  const check = (fields: readonly Field[], optional: readonly Field[] = []): boolean => {
    const found: Record<string, string> = {};
    for (const f of fields) {
      if (optional.includes(f) && values[f].trim() === '') continue;
      const problem = checkSignupField(f, values[f]);
      if (problem) found[f] = t(`platform.signup.${problem.key}`, { min: SIGNUP_BOUNDS[f][0], max: SIGNUP_BOUNDS[f][1] });
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, setValues, errors, setErrors, update, check };
}

export type SignupForm = ReturnType<typeof useSignupForm>;

function field(form: string, state: SignupForm, name: Field, label: string, multiline = false) {
  return (
    <SignupField
      form={form}
      name={name}
      label={label}
      value={state.values[name]}
      error={state.errors[name]}
      multiline={multiline}
      onChange={(value) => state.update(name, value)}
    />
  );
}

/** The home's fields: name, licence, zip code, address, time zone, introduction. */
export function HomeFields({ form, state }: { form: string; state: SignupForm }) {
  const { t } = useTranslation();
  return (
    <>
      {field(form, state, 'facilityName', t('platform.signup.facilityName'))}
      {field(form, state, 'businessLicense', t('platform.signup.businessLicense'))}
      {field(form, state, 'zipCode', t('platform.signup.zipCode'))}
      {field(form, state, 'address', t('platform.signup.address'))}
      <FormGroup label={t('platform.signup.timeZone')} labelFor={`${form}-timeZone`}>
        <Select
          id={`${form}-timeZone`}
          fill
          value={state.values.timeZone}
          onChange={(e) => state.setValues({ ...state.values, timeZone: e.currentTarget.value as TimeZone })}
          options={SIGNUP_ZONES.map((z) => ({ value: z, label: timeZoneLabel(t, z) }))}
        />
      </FormGroup>
      {field(form, state, 'introduction', t('platform.signup.introduction'), true)}
    </>
  );
}

/** The owner's fields: name, account, e-mail, phone; `ownerLabel` names the name field ("Your name"). */
export function OwnerFields({ form, state, ownerLabel }: { form: string; state: SignupForm; ownerLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      {field(form, state, 'ownerName', ownerLabel)}
      {field(form, state, 'account', t('platform.signup.account'))}
      {field(form, state, 'email', t('platform.signup.email'))}
      {field(form, state, 'phone', t('platform.signup.phone'))}
    </>
  );
}
