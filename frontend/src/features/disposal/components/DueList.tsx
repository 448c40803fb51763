import { useId, type ReactElement } from 'react';
import { Button, Intent, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ErrorIcon, TickCircleIcon, TimeIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { DisposalDueItem } from '@/types/api.gen';
import { DisposalStateOverdue } from '@/types/api.gen';

import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { KIND_KEYS, STATE_KEYS, labelOf } from '../disposalLabels';
import { dueTone } from '../disposalRules';

const LOOK: Record<ReturnType<typeof dueTone>, { intent: Intent; icon: ReactElement }> = {
  danger: { intent: Intent.DANGER, icon: <ErrorIcon /> },
  warning: { intent: Intent.WARNING, icon: <WarningSignIcon /> },
  none: { intent: Intent.PRIMARY, icon: <TimeIcon /> },
};

interface DueListProps {
  items: DisposalDueItem[];
  /** Owners and admins record a disposal from an item. */
  manager: boolean;
  onRecord: (item: DisposalDueItem) => void;
}

/**
 * The resident's medications that must be disposed of, most urgent first: what started the clock, the date
 * it runs to, and its state in words and colour (red once overdue, never by colour alone).
 */
export function DueList({ items, manager, onRecord }: DueListProps) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return <EmptyState icon={<TickCircleIcon size={32} />} title={t('disposal.due.empty')} className="hearth-gap-top" />;
  }
  return (
    <div className="hearth-disposal-cards" data-testid="disposal-due">
      {items.map((item) => (
        <DueCard key={item.medicationId} item={item} manager={manager} onRecord={onRecord} />
      ))}
    </div>
  );
}

function DueCard({ item, manager, onRecord }: { item: DisposalDueItem; manager: boolean; onRecord: (item: DisposalDueItem) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = useId();
  const tone = dueTone(item.state);
  const look = LOOK[tone];
  const overdue = item.state === DisposalStateOverdue;
  const date = (d: string) => formatCalendarDate(d, language);
  return (
    <article
      className={`hearth-disposal-card is-${tone}`}
      aria-labelledby={titleId}
      data-testid="disposal-due-item"
      data-medication-id={item.medicationId}
      data-state={item.state}
    >
      <div className="hearth-disposal-card-head">
        <h3 id={titleId} className="hearth-disposal-card-title">
          {item.medicationName} <span className="hearth-muted">{item.dose}</span>
        </h3>
        <Tag intent={look.intent} icon={look.icon} data-testid="disposal-due-state">
          {labelOf(t, STATE_KEYS, item.state)}
        </Tag>
      </div>
      <ul className="hearth-disposal-card-lines">
        <li>{t(KIND_KEYS[item.kind as keyof typeof KIND_KEYS] ?? KIND_KEYS.DISCONTINUED, { date: date(item.since) })}</li>
        <li className={overdue ? 'hearth-disposal-overdue' : undefined}>
          <strong>{t('disposal.due.by', { date: date(item.dueDate) })}</strong>
          {' · '}
          {overdue ? t('disposal.due.daysOver', { days: -item.daysLeft }) : t('disposal.due.daysLeft', { days: item.daysLeft })}
        </li>
        {item.stopDeliveriesBy ? <li>{t('disposal.due.stopDeliveries', { date: date(item.stopDeliveriesBy) })}</li> : null}
        {item.rxNumber ? <li className="hearth-muted">{`${t('disposal.field.rxNumber')}: ${item.rxNumber}`}</li> : null}
      </ul>
      {manager ? (
        <div className="hearth-disposal-card-actions">
          <Button
            icon={<TrashIcon />}
            intent={overdue ? Intent.DANGER : Intent.PRIMARY}
            onClick={() => onRecord(item)}
            aria-describedby={titleId}
            data-testid="disposal-quick"
          >
            {t('disposal.due.record')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
