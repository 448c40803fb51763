import { DateTimeInput } from '@/components/DateTimeInput';
import { useState } from 'react';
import { Button, DialogBody, DialogFooter, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Resident } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { timeZoneLabel } from '@/lib/i18n/labels';
import { ianaZone } from '@/lib/time/dateTime';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { goingOut } from '../api/goingOut';
import { residentsKey } from '../api/keys';
import { msToZonedInput, SUB_DETAILS_MAX, zonedDateTimeToMs, validateGoingOut, type FormErrors } from '@/lib/residents/residentRules';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { serverNow } from '@/lib/time/serverClock';

interface GoingOutDialogProps {
  resident: Resident;
  /** The facility's zone code (PT, ET, ...): the return time is its wall clock. */
  zone: string | undefined;
  onClose: () => void;
  onDone: () => void;
}

/** NORMAL → GOING_OUT: when the resident is expected back (required, in the future) and why. */
export function GoingOutDialog({ resident, zone, onClose, onDone }: GoingOutDialogProps) {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const [returnAt, setReturnAt] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useAppMutation({ mutationFn: goingOut, invalidates: [residentsKey], success: 'residents.done.goingOut', onSuccess: onDone });
  // A refusal naming no field shows under the return time.
  const server = save.isPending ? {} : fieldErrors(save.error, 'returnDate');
  const iana = ianaZone(zone);
  const [min] = useState(() => msToZonedInput(serverNow(), iana));

  const submit = () => {
    const returnMs = zonedDateTimeToMs(returnAt, iana);
    const found = validateGoingOut(returnMs, reason, serverNow());
    setErrors(found);
    save.reset();
    if (Object.keys(found).length > 0 || returnMs === undefined) return;
    save.mutate({ residentId: resident.residentId, returnDate: returnMs, reason: reason.trim() });
  };

  const returnError = message(errors.returnDate) ?? server.returnDate;
  const reasonError = message(errors.reason) ?? server.reason;
  return (
    <AppDialog title={t('residents.goingOut.title', { name: resident.name })} onClose={onClose}>
      <form
        noValidate
        data-testid="going-out-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <FormField
            id="going-out-return"
            label={t('residents.goingOut.returnDate')}
            required
            error={returnError}
            hint={iana ? t('residents.goingOut.zoneHint', { zone: timeZoneLabel(t, zone) }) : undefined}
          >
            <DateTimeInput
              id="going-out-return"
              label={t('residents.goingOut.returnDate')}
              required
              min={min}
              value={returnAt}
              autoFocus
              intent={returnError ? Intent.DANGER : Intent.NONE}
              onChange={setReturnAt}
            />
          </FormField>
          <FormField id="going-out-reason" label={t('residents.goingOut.reason')} error={reasonError}>
            <TextArea
              id="going-out-reason"
              fill
              rows={2}
              maxLength={SUB_DETAILS_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} data-testid="going-out-confirm">
                {t('residents.goingOut.confirm')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
