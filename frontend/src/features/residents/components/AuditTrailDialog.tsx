import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Resident } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { saveBlob } from '@/lib/files/preview';
import { FormField } from '@/lib/form/FormField';
import { ianaZone } from '@/lib/time/dateTime';
import { zonedDate } from '@/lib/time/zone';
import { auditExport } from '../api/auditExport';
import { serverNow } from '@/lib/time/serverClock';

/** The period the dialog offers first: the last 30 days up to today. */
const DEFAULT_DAYS = 30;

interface Props {
  resident: Resident;
  /** The facility's zone code (PT, ET, ...): the days are its days. */
  zone: string | undefined;
  onClose: () => void;
}

/**
 * "Download audit trail" of a resident (owners and admins): who changed what in the resident's record and
 * its records in a period, as CSV. Both days are required (spec 001 §5); the server's refusal (nothing in the
 * period, more rows than one download may hold) shows here, under the last day.
 */
export function AuditTrailDialog({ resident, zone, onClose }: Props) {
  const { t } = useTranslation();
  const iana = ianaZone(zone);
  const [today] = useState(() => zonedDate(serverNow(), iana));
  const [from, setFrom] = useState(() => zonedDate(serverNow() - (DEFAULT_DAYS - 1) * 86_400_000, iana));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const download = async () => {
    const missing: Record<string, string> = {};
    if (!from) missing.startDate = t('residents.audit.required');
    if (!to) missing.endDate = t('residents.audit.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const file = await auditExport({ residentId: resident.residentId, startDate: from, endDate: to });
      saveBlob(file.blob, file.fileName || `audit-trail_${from}_${to}.csv`);
      onClose();
    } catch (err) {
      const fields = fieldErrors(err, 'endDate');
      setErrors(Object.keys(fields).length > 0 ? fields : isApiError(err) && err.code === '4004' ? { endDate: err.message } : {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog title={t('residents.audit.title', { name: resident.name })} onClose={onClose}>
      <form
        noValidate
        data-testid="audit-trail-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void download();
        }}
      >
        <DialogBody>
          <Callout compact className="hearth-gap-bottom">
            {t('residents.audit.explain')}
          </Callout>
          <FormField id="audit-from" label={t('residents.audit.from')} required error={errors.startDate}>
            <DateInput id="audit-from" value={from} max={today} required onChange={setFrom} intent={errors.startDate ? Intent.DANGER : Intent.NONE} />
          </FormField>
          <FormField id="audit-to" label={t('residents.audit.to')} required error={errors.endDate}>
            <DateInput id="audit-to" value={to} max={today} required onChange={setTo} intent={errors.endDate ? Intent.DANGER : Intent.NONE} />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} icon={<DownloadIcon />} loading={busy} data-testid="audit-trail-download">
                {t('residents.audit.download')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
