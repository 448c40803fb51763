import type { ReactElement, ReactNode } from 'react';
import { Button, Card, Intent } from '@blueprintjs/core';
import { EditIcon, HistoryIcon, PauseIcon, PlayIcon, RedoIcon, StopIcon, TrashIcon, UndoIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Medication } from '@/types/api.gen';
import { MedicationDiscontinued } from '@/types/api.gen';
import { DetailList } from '@/components/DetailList';
import { careLabel } from '@/lib/care/taskLabels';
import { ROUTE_KEYS } from '@/lib/emar/emarLabels';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { changesOf, type ChangeKind } from '../changeRules';
import { OrderFlags } from './OrderFlags';

/** What a card offers: the order's own actions, or in a plan edit moving it to deleted and back. */
export type OrderCardMode = { kind: 'read' } | { kind: 'manage'; onEdit: () => void; onChange: (kind: ChangeKind) => void } | { kind: 'plan'; staged: boolean; onToggle: () => void };

interface OrderCardProps {
  order: Medication;
  zoneCode: string | undefined;
  mode: OrderCardMode;
}

const CHANGE_BUTTONS: Record<ChangeKind, { key: 'medications.order.hold' | 'medications.order.resume' | 'medications.order.restore' | 'medications.order.discontinue'; icon: ReactElement }> = {
  hold: { key: 'medications.order.hold', icon: <PauseIcon /> },
  resume: { key: 'medications.order.resume', icon: <PlayIcon /> },
  restore: { key: 'medications.order.restore', icon: <RedoIcon /> },
  discontinue: { key: 'medications.order.discontinue', icon: <StopIcon /> },
};

/** The times of an order in the interface's way ("08:00 AM, 08:00 PM"); PRN has none. */
export function timesText(times: readonly string[] | null | undefined, language: string): string {
  return (times ?? []).map((x) => formatTimeOfDay(x, language)).join(', ');
}

/**
 * One order: the drug and dose with its flags (SNF, controlled, the hold rule, the sliding scale, on hold,
 * discontinued), how and when it is given, what it is for, who prescribed it, and why it is held or stopped.
 */
export function OrderCard({ order: m, zoneCode, mode }: OrderCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const period = m.endDate
    ? t('medications.order.period', { start: formatCalendarDate(m.startDate, language), end: formatCalendarDate(m.endDate, language) })
    : t('medications.order.since', { start: formatCalendarDate(m.startDate, language) });
  const rows: { label: string; value: ReactNode; testId?: string }[] = [
    { label: t('medications.order.route'), value: careLabel(t, ROUTE_KEYS, m.route) },
  ];
  if (m.frequency) rows.push({ label: t('medications.order.frequency'), value: m.frequency });
  rows.push({ label: t('medications.order.times'), value: m.times?.length ? timesText(m.times, language) : t('medications.order.asNeeded'), testId: 'order-times' });
  rows.push({ label: t('medications.order.periodLabel'), value: period });
  if (m.instructions) rows.push({ label: t('medications.order.instructions'), value: m.instructions });
  if (m.diagnosis) rows.push({ label: t('medications.order.diagnosis'), value: m.diagnosis });
  if (m.rxNumber) rows.push({ label: t('medications.order.rxNumber'), value: m.rxNumber });
  if (m.physician) rows.push({ label: t('medications.order.physician'), value: m.physician });
  if (m.slidingScale?.length) {
    rows.push({
      label: t('medications.order.scale'),
      value: (
        <ul className="hearth-med-scale-list">
          {m.slidingScale.map((s) => (
            <li key={`${s.from}-${s.to}`}>{t('medications.order.scaleRow', { from: s.from, to: s.to, dose: s.dose })}</li>
          ))}
        </ul>
      ),
    });
  }
  if (m.onHold) {
    rows.push({
      label: t('medications.order.heldSince'),
      value: `${m.holdTime ? formatDateTime(m.holdTime, zoneCode, language) : ''}${m.holdReason ? ` · ${m.holdReason}` : ''}`,
      testId: 'order-hold-reason',
    });
  }
  if (m.status === MedicationDiscontinued) {
    rows.push({
      label: t('medications.order.stopped'),
      value: `${m.endTime ? formatDateTime(m.endTime, zoneCode, language) : ''}${m.stopReason ? ` · ${m.stopReason}` : ''}`,
      testId: 'order-stop-reason',
    });
  }
  const staged = mode.kind === 'plan' && mode.staged;
  return (
    <Card
      className={staged ? 'hearth-med-order hearth-med-order-staged' : 'hearth-med-order'}
      data-testid="order-card"
      data-medication={m.name}
      data-medication-id={m.medicationId}
      data-status={m.status}
      data-on-hold={m.onHold ? 'true' : 'false'}
    >
      <h3 className="hearth-med-order-title">
        {m.name} <span className="hearth-med-dose">{m.dose}</span>
      </h3>
      <OrderFlags order={m} />
      <DetailList rows={rows} />
      <div className="hearth-med-order-actions">
        {mode.kind === 'manage' ? (
          <>
            {m.status !== MedicationDiscontinued ? (
              <Button size="small" icon={<EditIcon />} onClick={mode.onEdit} data-testid="order-edit">
                {t('medications.order.edit')}
              </Button>
            ) : null}
            {changesOf(m).map((kind) => (
              <Button
                key={kind}
                size="small"
                icon={CHANGE_BUTTONS[kind].icon}
                intent={kind === 'discontinue' ? Intent.DANGER : Intent.NONE}
                variant={kind === 'discontinue' ? 'outlined' : undefined}
                onClick={() => mode.onChange(kind)}
                data-testid={`order-${kind}`}
              >
                {t(CHANGE_BUTTONS[kind].key)}
              </Button>
            ))}
          </>
        ) : null}
        {mode.kind === 'plan' ? (
          <Button
            size="small"
            icon={mode.staged ? <UndoIcon /> : <TrashIcon />}
            intent={mode.staged ? Intent.PRIMARY : Intent.DANGER}
            variant="outlined"
            onClick={mode.onToggle}
            data-testid={mode.staged ? 'plan-restore' : 'plan-delete'}
          >
            {mode.staged ? t('medications.plan.restore') : t('medications.plan.moveToDeleted')}
          </Button>
        ) : null}
        {mode.kind !== 'plan' ? (
          <Link
            className="hearth-med-history-link"
            to={`/emars/med-history/${encodeURIComponent(m.residentId)}?medicationId=${encodeURIComponent(m.medicationId)}`}
            data-testid="order-history"
          >
            <HistoryIcon size={14} /> {t('medications.order.history')}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
