import type { ReactElement } from 'react';
import { Intent, Tag } from '@blueprintjs/core';
import { CalendarIcon, DisableIcon, ErrorIcon, TickCircleIcon, TimeIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { STATE_KEYS, type RecordState } from '../taskRules';

const LOOK: Record<RecordState, { intent: Intent; icon: ReactElement }> = {
  upcoming: { intent: Intent.NONE, icon: <CalendarIcon /> },
  due: { intent: Intent.PRIMARY, icon: <TimeIcon /> },
  overdue: { intent: Intent.DANGER, icon: <WarningSignIcon /> },
  expired: { intent: Intent.DANGER, icon: <ErrorIcon /> },
  done: { intent: Intent.SUCCESS, icon: <TickCircleIcon /> },
  doneLate: { intent: Intent.WARNING, icon: <TickCircleIcon /> },
  cleared: { intent: Intent.NONE, icon: <DisableIcon /> },
};

/** A record's state as a tag with an icon and words (never by colour alone). */
export function RecordStateTag({ state }: { state: RecordState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  return (
    <Tag intent={look.intent} icon={look.icon} minimal={state === 'upcoming' || state === 'cleared'} data-testid="task-state" data-state={state}>
      {t(STATE_KEYS[state])}
    </Tag>
  );
}
