import { useState } from 'react';
import { Button, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CareMeals, SubDetailsMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateTimeInput } from '@/components/DateTimeInput';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { epochToZonedWall, zonedWallToEpoch } from '@/lib/time/zone';
import { saveCare } from '../api/care';
import { careKey } from '../api/keys';
import { ACTIVITIES, ACTIVITY_KEYS, ASSISTANCE_KEYS } from '../labels';
import { parseNumber, unshownMessage, validateCare, valueBounds, type CareDraft } from '../recordRules';
import { randomId } from '@/lib/crypto/randomId';
import { serverNow } from '@/lib/time/serverClock';

interface CareRecordDialogProps {
  residentId: string;
  residentName: string;
  zone: string | undefined;
  onClose: () => void;
}

/** Record care: the activity, when, how much help it needed, meals eaten (%) or hours slept, a note. */
export function CareRecordDialog({ residentId, residentName, zone, onClose }: CareRecordDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [draft, setDraft] = useState<CareDraft>({ activity: '', value: '', assistance: '', note: '' });
  const [opened] = useState(() => epochToZonedWall(serverNow(), zone));
  const [time, setTime] = useState(opened);
  const [errors, setErrors] = useState<ReturnType<typeof validateCare>>({});
  const [clientId] = useState(() => randomId());
  const save = useAppMutation({
    mutationFn: (d: CareDraft) =>
      saveCare({
        clientId,
        residentId,
        activity: d.activity,
        time: time === opened ? undefined : zonedWallToEpoch(time, zone),
        value: valueBounds(d.activity) ? parseNumber(d.value) : undefined,
        assistance: d.assistance || undefined,
        note: d.note.trim() || undefined,
      }),
    invalidates: [careKey],
    success: 'carerecord.done.careSaved',
    onSuccess: onClose,
  });
  const server = save.isPending ? {} : fieldErrors(save.error);
  const named = Object.keys(server).length > 0;
  const err = (f: keyof CareDraft) => message(errors[f]) ?? server[f];
  const set = (key: keyof CareDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const bounds = valueBounds(draft.activity);
  return (
    <AppDialog title={t('carerecord.care.recordTitle', { name: residentName })} onClose={onClose} className="hearth-record-dialog">
      <form
        noValidate
        data-testid="care-form"
        onSubmit={(e) => {
          e.preventDefault();
          const found = validateCare(draft);
          setErrors(found);
          save.reset();
          if (Object.keys(found).length === 0) save.mutate(draft);
        }}
      >
        <DialogBody>
          <FormProblem message={save.error && !named ? save.error.message : unshownMessage(server, ['activity', 'assistance', 'value', 'time', 'note'])} />
          <div className="hearth-record-row">
            <FormField id="care-activity" label={t('carerecord.care.activity')} required error={err('activity')}>
              <Select id="care-activity" fill required value={draft.activity} onChange={(e) => set('activity', e.currentTarget.value)} data-testid="care-activity">
                <option value="">{t('carerecord.care.chooseActivity')}</option>
                {ACTIVITIES.map((a) => (
                  <option key={a} value={a}>
                    {t(ACTIVITY_KEYS[a as keyof typeof ACTIVITY_KEYS])}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="care-assistance" label={t('carerecord.care.assistance')} error={err('assistance')}>
              <Select id="care-assistance" fill value={draft.assistance} onChange={(e) => set('assistance', e.currentTarget.value)} data-testid="care-assistance">
                <option value="">{t('carerecord.care.notRecorded')}</option>
                {Object.entries(ASSISTANCE_KEYS).map(([code, key]) => (
                  <option key={code} value={code}>
                    {t(key)}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          {bounds ? (
            <FormField
              id="care-value"
              label={t(draft.activity === CareMeals ? 'carerecord.care.mealPercent' : 'carerecord.care.sleepHours')}
              required
              error={err('value')}
              hint={t('carerecord.care.valueHint', { max: bounds.max })}
            >
              <InputGroup id="care-value" required inputMode="decimal" autoComplete="off" value={draft.value} onValueChange={(v) => set('value', v)} data-testid="care-value" />
            </FormField>
          ) : null}
          <div className="hearth-record-row">
            <FormField id="care-time" label={t('carerecord.care.time')} error={server.time}>
              <DateTimeInput id="care-time" label={t('carerecord.care.time')} value={time} onChange={setTime} />
            </FormField>
            <FormField id="care-note" label={t('carerecord.care.note')} error={err('note')}>
              <InputGroup id="care-note" maxLength={SubDetailsMax} value={draft.note} onValueChange={(v) => set('note', v)} />
            </FormField>
          </div>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="care-save">
                {t('carerecord.care.save')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
