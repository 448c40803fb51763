import { useState } from 'react';
import { InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CareProvider } from '@/types/api.gen';
import { DateTextMax, ResidentBackgroundMax, ResidentDetailsMax, ResidentNameMax, ResidentPhoneMax, ResidentRoomMax } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { Select } from '@/components/Select';
import { FormField } from '@/lib/form/FormField';
import { codesOf, DETAIL_FIELD_KEYS, DNR_KEYS, GENDER_KEYS, LANGUAGE_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { ageFromDob, DETAIL_FIELDS, EMAIL_MAX, initials, SUB_DETAILS_MAX, type ResidentDraft } from '@/lib/residents/residentRules';
import { feetAndInches, UNIT_SYMBOLS } from '@/lib/units/measures';
import { PhotoField } from './PhotoField';
import './residentFields.css';

type TextField = Exclude<keyof ResidentDraft, 'physician' | 'pharmacy' | 'heightUnit' | 'weightUnit'>;

/**
 * Which fields to show: `identity` is who the resident is (names, date of birth, room: the move-in's first
 * step), `details` the rest of the profile, `all` both (the add and edit dialog).
 */
export type ResidentFieldParts = 'all' | 'identity' | 'details';

interface ResidentFieldsProps {
  draft: ResidentDraft;
  onChange: (patch: Partial<ResidentDraft>) => void;
  /** The message under a field (a broken rule or the server's word), by field name ("physician.phone"). */
  errorOf: (field: string) => string | undefined;
  /** YYYY-MM-DD: the latest date of birth the calendar offers, and the age shown. */
  today: string;
  parts?: ResidentFieldParts;
  /** The photo shown now; with onPhoto the photo field shows (details and all). */
  photoUrl?: string;
  onPhoto?: (fileId: string, url: string | undefined) => void;
}

/**
 * The resident profile's fields (000 §3 "Resident"; the residents issue's bounds), shared by the resident
 * form dialog and the move-in wizard. Inputs are `#resident-<field>`; the draft and its rules are
 * lib/residents/residentRules.
 */
export function ResidentFields({ draft, onChange, errorOf, today, parts = 'all', photoUrl, onPhoto }: ResidentFieldsProps) {
  const { t } = useTranslation();
  const identity = parts !== 'details';
  const details = parts !== 'identity';
  const setProvider = (which: 'physician' | 'pharmacy', patch: Partial<CareProvider>) => onChange({ [which]: { ...draft[which], ...patch } });

  const text = (field: TextField, label: string, max: number, opts: { type?: string; wide?: boolean; hint?: string; required?: boolean } = {}) => {
    const id = `resident-${field}`;
    const error = errorOf(field);
    return (
      <FormField id={id} label={label} required={opts.required} error={error} hint={opts.hint} className={opts.wide ? 'hearth-form-wide' : undefined}>
        {opts.type === 'date' ? (
          <DateInput
            id={id}
            required={opts.required}
            value={draft[field]}
            max={field === 'dob' || field === 'moveInDate' ? today : undefined}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(value) => onChange({ [field]: value } as Partial<ResidentDraft>)}
          />
        ) : (
          <InputGroup
            required={opts.required}
            id={id}
            type={opts.type ?? 'text'}
            value={draft[field]}
            maxLength={max}
            intent={error ? Intent.DANGER : Intent.NONE}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => onChange({ [field]: e.currentTarget.value } as Partial<ResidentDraft>)}
          />
        )}
      </FormField>
    );
  };

  const area = (field: TextField, label: string, max: number) => {
    const id = `resident-${field}`;
    const error = errorOf(field);
    return (
      <FormField id={id} label={label} error={error} className="hearth-form-wide">
        <TextArea
          id={id}
          fill
          autoResize
          rows={2}
          value={draft[field]}
          maxLength={max}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange({ [field]: e.currentTarget.value } as Partial<ResidentDraft>)}
        />
      </FormField>
    );
  };

  const provider = (which: 'physician' | 'pharmacy') => {
    const p = draft[which];
    const input = (field: keyof CareProvider, label: string, max: number, type = 'text') => {
      const id = `resident-${which}-${field}`;
      const error = errorOf(`${which}.${field}`);
      return (
        <FormField id={id} label={label} error={error} className={field === 'address' ? 'hearth-form-wide' : undefined}>
          <InputGroup
            id={id}
            type={type}
            value={p[field]}
            maxLength={max}
            intent={error ? Intent.DANGER : Intent.NONE}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setProvider(which, { [field]: e.currentTarget.value })}
          />
        </FormField>
      );
    };
    return (
      <fieldset>
        <legend>{t(which === 'physician' ? 'residents.section.physician' : 'residents.section.pharmacy')}</legend>
        <div className="hearth-form-grid">
          {input('name', t('residents.field.providerName'), ResidentNameMax)}
          {input('phone', t('residents.field.phone'), ResidentPhoneMax, 'tel')}
          {input('fax', t('residents.field.fax'), ResidentPhoneMax, 'tel')}
          {input('email', t('residents.field.email'), EMAIL_MAX, 'email')}
          {input('address', t('residents.field.address'), SUB_DETAILS_MAX)}
        </div>
      </fieldset>
    );
  };

  const age = ageFromDob(draft.dob, today);
  const heightError = errorOf('height');
  const weightError = errorOf('weight');
  return (
    <div className="hearth-resident-fields">
      <fieldset>
        <legend>{t('residents.section.basic')}</legend>
        <div className="hearth-form-grid">
          {details && onPhoto ? <PhotoField url={photoUrl} initials={initials(draft)} onChange={onPhoto} /> : null}
          {identity ? text('firstName', t('residents.field.firstName'), ResidentNameMax, { required: true }) : null}
          {identity ? text('lastName', t('residents.field.lastName'), ResidentNameMax, { required: true }) : null}
          {details ? text('preferredName', t('residents.field.preferredName'), ResidentNameMax) : null}
          {identity
            ? text('dob', t('residents.field.dob'), DateTextMax, {
                type: 'date',
                required: true,
                hint: age !== undefined ? t('residents.form.agePreview', { age }) : undefined,
              })
            : null}
          {details ? (
            <FormField id="resident-gender" label={t('residents.field.gender')}>
              <Select
                id="resident-gender"
                fill
                value={draft.gender}
                onChange={(e) => onChange({ gender: e.currentTarget.value })}
                options={codesOf(GENDER_KEYS).map((c) => ({ value: c, label: labelOf(t, GENDER_KEYS, c) }))}
              />
            </FormField>
          ) : null}
          {identity ? text('room', t('residents.field.room'), ResidentRoomMax, { required: true }) : null}
          {details ? text('phone', t('residents.field.phone'), ResidentPhoneMax, { type: 'tel' }) : null}
          {details ? (
            <FormField id="resident-language" label={t('residents.field.language')}>
              <Select
                id="resident-language"
                fill
                value={draft.language}
                onChange={(e) => onChange({ language: e.currentTarget.value })}
                options={codesOf(LANGUAGE_KEYS).map((c) => ({ value: c, label: labelOf(t, LANGUAGE_KEYS, c) }))}
              />
            </FormField>
          ) : null}
          {details && draft.language === 'OTHER' ? text('languageOther', t('residents.field.languageOther'), ResidentNameMax, { required: true }) : null}
          {details ? text('moveInDate', t('residents.field.moveInDate'), DateTextMax, { type: 'date' }) : null}
        </div>
      </fieldset>

      {details ? (
        <>
          <fieldset>
            <legend>{t('residents.section.health')}</legend>
            <div className="hearth-form-grid">
              <FormField id="resident-height" label={t('residents.field.height')} error={heightError}>
                {draft.heightUnit === 'IN' ? (
                  <FeetInchesInput
                    inches={draft.height}
                    invalid={heightError !== undefined}
                    inchesLabel={t('residents.unit.in')}
                    onChange={(height) => onChange({ height })}
                  />
                ) : (
                  <InputGroup
                    id="resident-height"
                    inputMode="decimal"
                    value={draft.height}
                    intent={heightError ? Intent.DANGER : Intent.NONE}
                    aria-invalid={heightError ? true : undefined}
                    rightElement={<span className="hearth-unit-suffix">{UNIT_SYMBOLS.CM}</span>}
                    onChange={(e) => onChange({ height: e.currentTarget.value })}
                  />
                )}
              </FormField>
              <FormField id="resident-weight" label={t('residents.field.weight')} error={weightError}>
                <InputGroup
                  id="resident-weight"
                  inputMode="decimal"
                  value={draft.weight}
                  intent={weightError ? Intent.DANGER : Intent.NONE}
                  aria-invalid={weightError ? true : undefined}
                  rightElement={<span className="hearth-unit-suffix">{UNIT_SYMBOLS[draft.weightUnit]}</span>}
                  onChange={(e) => onChange({ weight: e.currentTarget.value })}
                />
              </FormField>
              <FormField id="resident-dnr" label={t('residents.field.dnr')}>
                <Select
                  id="resident-dnr"
                  fill
                  value={draft.dnr}
                  onChange={(e) => onChange({ dnr: e.currentTarget.value })}
                  options={codesOf(DNR_KEYS).map((c) => ({ value: c, label: labelOf(t, DNR_KEYS, c) }))}
                />
              </FormField>
              {DETAIL_FIELDS.filter((f) => f !== 'preferences').map((f) => (
                <div key={f} className="hearth-form-wide">
                  {area(f, t(DETAIL_FIELD_KEYS[f]), ResidentDetailsMax)}
                </div>
              ))}
            </div>
          </fieldset>

          {provider('physician')}
          {provider('pharmacy')}

          <fieldset>
            <legend>{t('residents.section.background')}</legend>
            {area('personalBackground', t('residents.field.personalBackground'), ResidentBackgroundMax)}
            {area('preferences', t('residents.field.preferences'), ResidentDetailsMax)}
          </fieldset>
        </>
      ) : null}
    </div>
  );
}

/**
 * A height typed as feet and inches (en-US); the draft keeps the total in inches (`#resident-height` is the
 * feet, `#resident-height-inches` the inches). Both empty means no height.
 */
function FeetInchesInput(props: { inches: string; invalid: boolean; inchesLabel: string; onChange: (inches: string) => void }) {
  const total = props.inches.trim() === '' ? undefined : Number(props.inches);
  const parts = total !== undefined && Number.isFinite(total) ? feetAndInches(total) : undefined;
  const [feet, setFeet] = useState(parts ? String(parts.feet) : '');
  const [inches, setInches] = useState(parts ? String(parts.inches) : '');
  const update = (f: string, i: string) => {
    setFeet(f);
    setInches(i);
    if (f.trim() === '' && i.trim() === '') props.onChange('');
    else props.onChange(String(Number(f || 0) * 12 + Number(i || 0)));
  };
  const intent = props.invalid ? Intent.DANGER : Intent.NONE;
  return (
    <div className="hearth-measure">
      <InputGroup
        id="resident-height"
        inputMode="numeric"
        value={feet}
        intent={intent}
        aria-invalid={props.invalid ? true : undefined}
        rightElement={<span className="hearth-unit-suffix">{UNIT_SYMBOLS.FT}</span>}
        onChange={(e) => update(e.currentTarget.value, inches)}
      />
      <InputGroup
        id="resident-height-inches"
        inputMode="numeric"
        value={inches}
        intent={intent}
        aria-label={props.inchesLabel}
        rightElement={<span className="hearth-unit-suffix">{UNIT_SYMBOLS.IN}</span>}
        onChange={(e) => update(feet, e.currentTarget.value)}
      />
    </div>
  );
}
