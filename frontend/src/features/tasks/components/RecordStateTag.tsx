import type { ReactElement } from 'react';
import { Classes, Intent } from '@blueprintjs/core';
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

/**
 * A record's state as a tag with an icon and words (never by colour alone). Blueprint's tag look on a plain
 * element: its `Tag` draws its words twice on mount (its `Text` measures them for an ellipsis), once per card.
 */
export function RecordStateTag({ state }: { state: RecordState }) {
  const { t } = useTranslation();
  const look = LOOK[state];
  const minimal = state === 'upcoming' || state === 'cleared';
  return (
    <span className={[Classes.TAG, Classes.intentClass(look.intent), minimal ? Classes.MINIMAL : ''].filter(Boolean).join(' ')} data-testid="task-state" data-state={state}>
      {look.icon}
      <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{t(STATE_KEYS[state])}</span>
    </span>
  );
}
