import { Intent, Tag } from '@blueprintjs/core';
import { CircleIcon, ErrorIcon, TickCircleIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { UserDisabled, UserEnabled, type InspectionState } from '@/types/api.gen';
import { roleLabel } from '@/lib/i18n/labels';
import { textOn } from '@/lib/ui/contrast';
import { credentialLook, type CredentialIcon } from '../credentialRules';
import { statusLabel } from '../staffLabels';
import { ROLE_ADMIN } from '../staffRules';

/** The staff colour used in schedules and calendars, with its value for screen readers. */
export function ColorSwatch({ color }: { color: string }) {
  const { t } = useTranslation();
  return <span className="hearth-swatch" style={{ background: color || '#ccc' }} role="img" aria-label={t('staff.field.colorValue', { color })} />;
}

/** The avatar picture, or the initials on the staff colour (in white or black, whichever reads on it). */
export function StaffAvatar({ name, avatar, color }: { name: string; avatar?: string; color: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span className="hearth-staff-avatar" style={{ background: color || '#8f99a8', color: textOn(color || '#8f99a8') }} aria-hidden="true">
      {avatar ? <img src={avatar} alt="" /> : initials}
    </span>
  );
}

export function RoleTag({ role }: { role: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={role === ROLE_ADMIN ? Intent.PRIMARY : Intent.NONE}>
      {roleLabel(t, role)}
    </Tag>
  );
}

export function StaffStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const intent = status === UserEnabled ? Intent.SUCCESS : status === UserDisabled ? Intent.DANGER : Intent.WARNING;
  return (
    <Tag minimal intent={intent} data-testid="staff-status">
      {statusLabel(t, status)}
    </Tag>
  );
}

const ICONS: Record<CredentialIcon, typeof TickCircleIcon> = {
  'tick-circle': TickCircleIcon,
  time: TimeIcon,
  error: ErrorIcon,
  circle: CircleIcon,
};

/** A checklist state as a tag with icon and words (never colour alone). */
export function CredentialStateTag({ state }: { state: InspectionState }) {
  const { t } = useTranslation();
  const look = credentialLook(state);
  const Icon = ICONS[look.icon];
  return (
    <Tag intent={look.intent} icon={<Icon />} data-testid="credential-state" data-state={state}>
      {t(look.textKey)}
    </Tag>
  );
}

/** The list's credential warnings: overdue and expiring counts. */
export function CredentialWarnings({ overdue, expiringSoon }: { overdue: number; expiringSoon: number }) {
  const { t } = useTranslation();
  if (overdue <= 0 && expiringSoon <= 0) {
    return (
      <Tag minimal intent={Intent.SUCCESS} icon={<TickCircleIcon />}>
        {t('staff.list.credentialsOk')}
      </Tag>
    );
  }
  return (
    <span className="hearth-tag-row">
      {overdue > 0 ? (
        <Tag intent={Intent.DANGER} icon={<ErrorIcon />} data-testid="overdue-count">
          {t('staff.list.overdue', { n: overdue })}
        </Tag>
      ) : null}
      {expiringSoon > 0 ? (
        <Tag intent={Intent.WARNING} icon={<TimeIcon />}>
          {t('staff.list.expiring', { n: expiringSoon })}
        </Tag>
      ) : null}
    </span>
  );
}
