import { useId, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TenantPurgeResult, TenantRow } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { FormField } from '@/lib/form/FormField';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { purgeTenant, tenantsKey, usePurgeDate } from '../api/tenants';

/** A day of the server's (00:00 UTC, the purge date) in the interface language: the UTC calendar day, whatever the browser's zone. */
export function utcDay(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(ms);
}

interface PurgeSectionProps {
  row: TenantRow;
  onPurged: (result: TenantPurgeResult) => void;
}

/**
 * A deleted home in the super admin's detail: until when its records are kept (the server's earliest purge
 * date, from the residents' and staff's retention), and "Purge permanently", off with its reason before that
 * day; once purged, when it was.
 */
export function PurgeSection({ row, onPurged }: PurgeSectionProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const reasonId = useId();
  const date = usePurgeDate(row.tenantId, row.state === 'DELETED');
  const [confirming, setConfirming] = useState(false);
  if (row.state !== 'DELETED') return null;
  const purgedAt = row.purgedAt || date.data?.purgedAt;
  if (purgedAt) {
    return (
      <Callout intent={Intent.NONE} className="hearth-gap-top" data-testid="tenant-purged">
        {t('platform.tenant.purge.purgedOn', { date: utcDay(purgedAt, language) })}
      </Callout>
    );
  }
  if (!date.data) {
    return date.isPending ? <p className="hearth-gap-top">{t('platform.tenant.purge.loading')}</p> : null;
  }
  const { purgeFrom = 0, allowed, residentYears, personnelYears } = date.data;
  const day = utcDay(purgeFrom, language);
  return (
    <Callout intent={Intent.WARNING} className="hearth-gap-top" data-testid="tenant-purge">
      <p data-testid="tenant-kept-until">{t('platform.tenant.purge.keptUntil', { date: day })}</p>
      <Button
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        disabled={!allowed}
        aria-describedby={allowed ? undefined : reasonId}
        data-testid="tenant-purge-open"
        onClick={() => setConfirming(true)}
      >
        {t('platform.tenant.purge.button')}
      </Button>
      {allowed ? null : (
        <p id={reasonId} className="hearth-gap-top" data-testid="tenant-purge-reason">
          {t('platform.tenant.purge.notYet', { date: day, residentYears, personnelYears })}
        </p>
      )}
      {confirming ? (
        <PurgeDialog
          row={row}
          onClose={() => setConfirming(false)}
          onDone={(result) => {
            setConfirming(false);
            onPurged(result);
          }}
        />
      ) : null}
    </Callout>
  );
}

interface PurgeDialogProps {
  row: TenantRow;
  onClose: () => void;
  onDone: (result: TenantPurgeResult) => void;
}

/** The confirmation: what goes and what stays, and the purge stays off until the home's name is typed exactly. */
export function PurgeDialog({ row, onClose, onDone }: PurgeDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const name = row.facilityName;
  const matches = typed === name;
  const purge = useAppMutation({
    mutationFn: () => purgeTenant({ tenantId: row.tenantId, confirmName: typed }),
    invalidates: [tenantsKey],
    success: 'platform.tenant.purge.done',
    onSuccess: onDone,
  });
  return (
    <AppDialog title={t('platform.tenant.purge.title', { name })} onClose={onClose} canOutsideClickClose={false}>
      <form
        noValidate
        data-testid="tenant-purge-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches) purge.mutate();
        }}
      >
        <DialogBody>
          <Callout intent={Intent.DANGER} icon={<WarningSignIcon />} className="hearth-gap-bottom">
            {t('platform.tenant.purge.warning', { name })}
          </Callout>
          <FormField
            id="tenant-purge-name"
            label={t('platform.tenant.purge.retype', { name })}
            hint={typed !== '' && !matches ? t('platform.tenant.purge.mismatch') : undefined}
          >
            <InputGroup
              id="tenant-purge-name"
              value={typed}
              autoComplete="off"
              autoFocus
              data-testid="tenant-purge-name"
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
          </FormField>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.action.cancel')}</Button>
              <Button type="submit" intent={Intent.DANGER} disabled={!matches} loading={purge.isPending} data-testid="tenant-purge-confirm">
                {t('platform.tenant.purge.confirm')}
              </Button>
            </>
          }
        />
      </form>
    </AppDialog>
  );
}
