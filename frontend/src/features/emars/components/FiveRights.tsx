import type { ReactNode } from 'react';
import { useNow } from '@/lib/time/useNow';
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { EmarResident, Medication, MedPass } from '@/types/api.gen';
import { PassStatusTag } from '@/components/emar/PassStatusTag';
import { ResidentPhoto } from '@/components/emar/ResidentPhoto';
import { careLabel } from '@/lib/care/taskLabels';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime, formatTime } from '@/lib/time/dateTime';
import { PassWindowMinutes } from '@/types/api.gen';

interface FiveRightsProps {
  resident: EmarResident;
  /** The order (undefined when it is no longer on the resident's list). */
  order: Medication | undefined;
  /** The pass; none for a PRN dose about to be given. */
  pass?: MedPass;
  /** The dose to check: the sliding scale's for the reading, else the order's. */
  dose: ReactNode;
  zoneCode: string | undefined;
}

/**
 * The five rights laid out to check before a dose (right resident, drug, dose, route, time), with the
 * resident's photo, the instructions, the allergies, and the order's flags (SNF, controlled, on hold).
 */
export function FiveRights({ resident, order, pass, dose, zoneCode }: FiveRightsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = order?.name ?? pass?.medicationName ?? '';
  const type = order?.type ?? pass?.medicationType ?? '';
  const route = order?.route ?? pass?.route ?? '';
  const now = useNow(30_000);
  const window = PassWindowMinutes * 60_000;
  let time: ReactNode;
  if (!pass) time = t('emars.rights.now', { time: formatTime(now, zoneCode, language) });
  else if (pass.kind === 'PRN') time = t('emars.rights.prnGiven', { time: formatDateTime(pass.givenTime ?? 0, zoneCode, language) });
  else
    time = (
      <>
        {formatTime(pass.dueTime, zoneCode, language)}{' '}
        <span className="hearth-muted">
          {t('emars.rights.window', { start: formatTime(pass.dueTime - window, zoneCode, language), end: formatTime(pass.dueTime + window, zoneCode, language) })}
        </span>{' '}
        <PassStatusTag status={pass.status} />
      </>
    );
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'resident',
      label: t('emars.rights.resident'),
      value: (
        <span className="hearth-five-rights-resident">
          <ResidentPhoto name={resident.name} url={resident.avatarUrl || undefined} size={64} />
          <span>
            <strong data-testid="rights-resident">{resident.name}</strong>
            {resident.room ? <span className="hearth-muted"> · {t('emars.card.room', { room: resident.room })}</span> : null}
          </span>
        </span>
      ),
    },
    {
      key: 'drug',
      label: t('emars.rights.drug'),
      value: (
        <>
          <strong data-testid="rights-drug">{name}</strong>
          {type ? <span className="hearth-muted"> · {careLabel(t, MEDICATION_TYPE_KEYS, type)}</span> : null}
          {order?.diagnosis ? <span className="hearth-muted"> · {t('emars.rights.for', { diagnosis: order.diagnosis })}</span> : null}
        </>
      ),
    },
    { key: 'dose', label: t('emars.rights.dose'), value: <span data-testid="rights-dose">{dose}</span> },
    { key: 'route', label: t('emars.rights.route'), value: <span data-testid="rights-route">{careLabel(t, ROUTE_KEYS, route)}</span> },
    { key: 'time', label: t('emars.rights.time'), value: <span data-testid="rights-time">{time}</span> },
  ];
  return (
    <div className="hearth-five-rights" data-testid="five-rights">
      <h3 className="hearth-five-rights-title">{t('emars.rights.title')}</h3>
      <dl>
        {rows.map((row) => (
          <div key={row.key} className="hearth-five-rights-row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {order?.instructions ? (
        <p className="hearth-five-rights-note" data-testid="rights-instructions">
          <strong>{t('emars.rights.instructions')}</strong> {order.instructions}
        </p>
      ) : null}
      {resident.allergies ? (
        <Callout compact intent={Intent.DANGER} className="hearth-gap-bottom" data-testid="rights-allergies">
          {t('emars.card.allergies', { allergies: resident.allergies })}
        </Callout>
      ) : null}
      {type === 'SNF' ? (
        <Callout compact intent={Intent.PRIMARY} className="hearth-gap-bottom">
          {t('emars.rights.snf')}
        </Callout>
      ) : null}
      {order?.controlled ? (
        <Callout compact intent={Intent.PRIMARY} className="hearth-gap-bottom" data-testid="rights-controlled">
          {t('emars.rights.controlled')}
        </Callout>
      ) : null}
      {order?.onHold ? (
        <Callout compact intent={Intent.WARNING} className="hearth-gap-bottom" data-testid="rights-on-hold">
          {order.holdReason
            ? t('emars.rights.onHoldWhy', { time: formatDateTime(order.holdTime, zoneCode, language), reason: order.holdReason })
            : t('emars.rights.onHold', { time: formatDateTime(order.holdTime, zoneCode, language) })}
        </Callout>
      ) : null}
    </div>
  );
}
