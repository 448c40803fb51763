import type { ReactElement } from 'react';
import {
  BanCircleIcon,
  DisableIcon,
  ErrorIcon,
  HandIcon,
  PauseIcon,
  PillIcon,
  TickCircleIcon,
  TimeIcon,
  WarningSignIcon,
} from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { PassStatus } from '@/types/api.gen';
import { careLabel } from '@/lib/care/taskLabels';
import { FOLLOW_UP_STATUS_KEYS, PASS_STATUS_KEYS } from '@/lib/emar/emarLabels';
import { colourOfStatus, paletteOf } from '@/lib/emar/passColours';
import './emar.css';

const ICONS: Record<string, ReactElement> = {
  UPCOMING: <TimeIcon size={12} />,
  ON_HOLD: <PauseIcon size={12} />,
  DUE: <PillIcon size={12} />,
  WARNING: <WarningSignIcon size={12} />,
  OVERDUE: <ErrorIcon size={12} />,
  GIVEN: <TickCircleIcon size={12} />,
  DONE: <TickCircleIcon size={12} />,
  REFUSED: <BanCircleIcon size={12} />,
  HELD: <HandIcon size={12} />,
  NOT_GIVEN: <DisableIcon size={12} />,
};

interface PassStatusTagProps {
  status: PassStatus;
  /** A PRN dose's effectiveness check ("Effect check due") rather than the pass itself. */
  followUp?: boolean;
}

/**
 * A pass's status (or a PRN check's) as a tag in its colour with an icon and words, never by colour alone:
 * GREY upcoming or on hold, BLUE due, YELLOW almost overdue, RED overdue, GREEN given, ORANGE refused, held
 * or not given.
 */
export function PassStatusTag({ status, followUp }: PassStatusTagProps) {
  const { t } = useTranslation();
  const palette = paletteOf(colourOfStatus(status));
  const words = followUp ? careLabel(t, FOLLOW_UP_STATUS_KEYS, status) : careLabel(t, PASS_STATUS_KEYS, status);
  return (
    <span
      className="hearth-pass-tag"
      style={{ backgroundColor: palette.background, color: palette.text, borderColor: palette.stripe }}
      data-testid={followUp ? 'follow-up-status' : 'pass-status'}
      data-status={status}
    >
      {ICONS[status] ?? <TimeIcon size={12} />}
      <span>{words}</span>
    </span>
  );
}
