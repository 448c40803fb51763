import { useMemo, useState } from 'react';
import { Button, DialogBody, DialogFooter, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CareProvider, Resident } from '@/types/api.gen';
import { DateTextMax, ResidentBackgroundMax, ResidentDetailsMax, ResidentNameMax, ResidentPhoneMax, ResidentRoomMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { feetAndInches, UNIT_SYMBOLS } from '@/lib/units/measures';
import { createResident } from '../api/createResident';
import { residentsKey } from '../api/keys';
import { updateResident } from '../api/updateResident';
import { codesOf, DETAIL_FIELD_KEYS, DNR_KEYS, GENDER_KEYS, LANGUAGE_KEYS, labelOf } from '../residentLabels';
import {
  ageFromDob,
  DETAIL_FIELDS,
  draftFromResident,
  EMAIL_MAX,
  emptyResidentDraft,
  initials,
  localDateString,
  residentRequest,
  serverFieldErrors,
  SUB_DETAILS_MAX,
  validateResident,
  type FormErrors,
  type ResidentDraft,
} from '../residentRules';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { PhotoField } from './PhotoField';
import { Select } from '@/components/Select';

interface ResidentFormDialogProps {
  /** The resident to edit; undefined adds one. */
  resident?: Resident;
  onClose: () => void;
  onSaved: (resident: Resident) => void;
}

type TextField = Exclude<keyof ResidentDraft, 'physician' | 'pharmacy' | 'heightUnit' | 'weightUnit'>;

/**
 * Add or edit a resident (000 §3 "Resident"; the bounds): names 1–50, room 1–20, phone 10–20,
 * care details up to 1000, background up to 4096, DOB in the past, height/weight with units, language
 * from the list, DNR yes/no/unknown, physician and pharmacy as contacts. The form checks the rules
 * itself; the server's field messages (4022) show under the field they name.
 */
export function ResidentFormDialog({ resident, onClose, onSaved }: ResidentFormDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const today = useMemo(() => localDateString(new Date()), []);
  const [draft, setDraft] = useState<ResidentDraft>(() => (resident ? draftFromResident(resident, currentLanguage()) : emptyResidentDraft(currentLanguage())));
  const [errors, setErrors] = useState<FormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { formRef, reveal } = useRevealErrors();
  const save = useAppMutation({
    mutationFn: (req: ReturnType<typeof residentRequest>) => (resident ? updateResident(req) : createResident(req)),
    invalidates: [residentsKey],
    success: resident ? 'residents.done.saved' : 'residents.done.added',
    onSuccess: onSaved,
    onError: (err) => {
      if (isApiError(err) && err.code === '7002') setProblem(t('residents.form.limitReached'));
      else if (isApiError(err) && err.code === '4022') {
        const fields = serverFieldErrors(fieldErrors(err));
        setProblem(Object.keys(fields).length > 0 ? t('residents.form.fixErrors') : err.message);
      }
      reveal();
    },
  });
  const server = save.isPending ? {} : serverFieldErrors(fieldErrors(save.error));
  const [photoUrl, setPhotoUrl] = useState<string | undefined>(resident?.avatar?.url || undefined);

  const errorOf = (field: string) => message(errors[field]) ?? server[field];
  const set = (patch: Partial<ResidentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setProvider = (which: 'physician' | 'pharmacy', patch: Partial<CareProvider>) =>
    setDraft((d) => ({ ...d, [which]: { ...d[which], ...patch } }));

  const submit = () => {
    const found = validateResident(draft, today);
    setErrors(found);
    save.reset();
    setProblem(null);
    if (Object.keys(found).length > 0) {
      setProblem(t('residents.form.fixErrors'));
      reveal();
      return;
    }
    save.mutate(residentRequest(draft, resident?.residentId));
  };

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
            max={field === 'dob' ? today : undefined}
            intent={error ? Intent.DANGER : Intent.NONE}
            onChange={(value) => set({ [field]: value } as Partial<ResidentDraft>)}
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
            onChange={(e) => set({ [field]: e.currentTarget.value } as Partial<ResidentDraft>)}
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
          onChange={(e) => set({ [field]: e.currentTarget.value } as Partial<ResidentDraft>)}
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
  const name = resident ? resident.name || `${resident.firstName} ${resident.lastName}` : '';
  return (
    <AppDialog
      title={resident ? t('residents.form.editTitle', { name }) : t('residents.form.addTitle')}
      onClose={onClose}
      canOutsideClickClose={false}
      className="hearth-resident-form"
    >
      <form
        ref={formRef}
        noValidate
        data-testid="resident-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <FormProblem message={problem} testId="resident-form-problem" />
          <fieldset>
            <legend>{t('residents.section.basic')}</legend>
            <div className="hearth-form-grid">
              <PhotoField
                url={photoUrl}
                initials={initials(draft)}
                onChange={(fileId, url) => {
                  set({ avatarFileId: fileId });
                  setPhotoUrl(url);
                }}
              />
              {text('firstName', t('residents.field.firstName'), ResidentNameMax, { required: true })}
              {text('lastName', t('residents.field.lastName'), ResidentNameMax, { required: true })}
              {text('preferredName', t('residents.field.preferredName'), ResidentNameMax)}
              {text('dob', t('residents.field.dob'), DateTextMax, {
                type: 'date',
                required: true,
                hint: age !== undefined ? t('residents.form.agePreview', { age }) : undefined,
              })}
              <FormField id="resident-gender" label={t('residents.field.gender')}>
                <Select
                  id="resident-gender"
                  fill
                  value={draft.gender}
                  onChange={(e) => set({ gender: e.currentTarget.value })}
                  options={codesOf(GENDER_KEYS).map((c) => ({ value: c, label: labelOf(t, GENDER_KEYS, c) }))}
                />
              </FormField>
              {text('room', t('residents.field.room'), ResidentRoomMax, { required: true })}
              {text('phone', t('residents.field.phone'), ResidentPhoneMax, { type: 'tel' })}
              <FormField id="resident-language" label={t('residents.field.language')}>
                <Select
                  id="resident-language"
                  fill
                  value={draft.language}
                  onChange={(e) => set({ language: e.currentTarget.value })}
                  options={codesOf(LANGUAGE_KEYS).map((c) => ({ value: c, label: labelOf(t, LANGUAGE_KEYS, c) }))}
                />
              </FormField>
              {draft.language === 'OTHER' ? text('languageOther', t('residents.field.languageOther'), ResidentNameMax, { required: true }) : null}
              {text('moveInDate', t('residents.field.moveInDate'), 10, { type: 'date' })}
            </div>
          </fieldset>

          <fieldset>
            <legend>{t('residents.section.health')}</legend>
            <div className="hearth-form-grid">
              <FormField id="resident-height" label={t('residents.field.height')} error={heightError}>
                {draft.heightUnit === 'IN' ? (
                  <FeetInchesInput
                    inches={draft.height}
                    invalid={heightError !== undefined}
                    inchesLabel={t('residents.unit.in')}
                    onChange={(height) => set({ height })}
                  />
                ) : (
                  <InputGroup
                    id="resident-height"
                    inputMode="decimal"
                    value={draft.height}
                    intent={heightError ? Intent.DANGER : Intent.NONE}
                    aria-invalid={heightError ? true : undefined}
                    rightElement={<span className="hearth-unit-suffix">{UNIT_SYMBOLS.CM}</span>}
                    onChange={(e) => set({ height: e.currentTarget.value })}
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
                  onChange={(e) => set({ weight: e.currentTarget.value })}
                />
              </FormField>
              <FormField id="resident-dnr" label={t('residents.field.dnr')}>
                <Select
                  id="resident-dnr"
                  fill
                  value={draft.dnr}
                  onChange={(e) => set({ dnr: e.currentTarget.value })}
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

        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="resident-save">
                {t('residents.form.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
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
