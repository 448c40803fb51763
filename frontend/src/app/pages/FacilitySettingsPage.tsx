import { useState } from 'react';
import { Button, FormGroup, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FacilityInfo, UpdateFacilityRequest } from '@/types/api.gen';
import {
  FacilityAddrMax,
  FacilityAddrMin,
  FacilityNameMax,
  FacilityNameMin,
  LicenceNumberMax,
  LicenceNumberMin,
  RoleFacilityOwner,
  RoleFacilityOwnerRegister,
} from '@/types/api.gen';
import { userInfoKey } from '@/features/auth/api/getUserInfo';
import { PageHeader } from '@/components/PageHeader';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { TIME_ZONE_KEYS, timeZoneLabel } from '@/lib/i18n/labels';
import { useSessionStore } from '@/lib/session/store';
import { facilityKey, updateFacility, useMyFacility } from '@/features/facility/api/facility';
import { Select } from '@/components/Select';
import { RoutineSessionsSection } from '@/features/tasks/components/RoutineSessionsSection';

type Draft = UpdateFacilityRequest;

function draftOf(f: FacilityInfo): Draft {
  return { facilityName: f.facilityName, address: f.address, timeZone: f.timeZone, licenceNumber: f.licenceNumber };
}

/**
 * /facility-settings: the facility's name, address, time zone and licence number (spec 000 §2 "Layout":
 * facility settings, owner only) and its routine sessions (the tasks feature's section). Owners change
 * them; others read them.
 */
export default function FacilitySettingsPage() {
  const { t } = useTranslation();
  const facility = useMyFacility();
  const owner = useSessionStore((s) => s.session?.roles.some((r) => r === RoleFacilityOwner || r === RoleFacilityOwnerRegister) ?? false);
  return (
    <div className="hearth-page">
      <PageHeader title={t('facility.title')} />
      {facility.data ? <FacilityForm key={facility.data.updateTime} info={facility.data} editable={owner} /> : <Spinner size={24} />}
      <RoutineSessionsSection editable={owner} />
    </div>
  );
}

function FacilityForm({ info, editable }: { info: FacilityInfo; editable: boolean }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(info));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useAppMutation({
    mutationFn: updateFacility,
    invalidates: [facilityKey, userInfoKey],
    success: 'facility.saved',
    onError: (err) => {
      if (isApiError(err)) setErrors(fieldErrors(err));
    },
  });
  const set = (k: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const text = (k: 'facilityName' | 'address' | 'licenceNumber', min: number, max: number) => (
    <FormGroup
      label={t(`facility.${k}`)}
      labelFor={`facility-${k}`}
      labelInfo={editable ? t('facility.required') : undefined}
      helperText={errors[k]}
      intent={errors[k] ? Intent.DANGER : Intent.NONE}
    >
      <InputGroup
        id={`facility-${k}`}
        value={draft[k]}
        readOnly={!editable}
        required
        minLength={min}
        maxLength={max}
        intent={errors[k] ? Intent.DANGER : Intent.NONE}
        onValueChange={set(k)}
      />
    </FormGroup>
  );
  return (
    <form
      className="hearth-form"
      style={{ maxWidth: 560 }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate(draft);
      }}
    >
      {text('facilityName', FacilityNameMin, FacilityNameMax)}
      {text('address', FacilityAddrMin, FacilityAddrMax)}
      <FormGroup label={t('facility.timeZone')} labelFor="facility-timeZone">
        <Select
          id="facility-timeZone"
          value={draft.timeZone}
          disabled={!editable}
          onChange={(e) => set('timeZone')(e.currentTarget.value)}
          options={Object.keys(TIME_ZONE_KEYS).map((z) => ({ value: z, label: timeZoneLabel(t, z) }))}
        />
      </FormGroup>
      {text('licenceNumber', LicenceNumberMin, LicenceNumberMax)}
      {editable ? (
        <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="facility-save">
          {t('facility.save')}
        </Button>
      ) : null}
    </form>
  );
}
