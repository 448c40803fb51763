import { Intent, Tag } from '@blueprintjs/core';
import { BanCircleIcon, TickCircleIcon, TimeIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { statusLabel } from '../requestLabels';
import { requestTone } from '../requestRules';

/** A request's state with an icon and words (never colour alone). */
export function RequestStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = requestTone(status);
  const intent = tone === 'approved' ? Intent.SUCCESS : tone === 'refused' ? Intent.DANGER : Intent.WARNING;
  const icon = tone === 'approved' ? <TickCircleIcon /> : tone === 'refused' ? <BanCircleIcon /> : <TimeIcon />;
  return (
    <Tag intent={intent} icon={icon} minimal={tone === 'pending'} data-testid="request-status" data-status={status}>
      {statusLabel(t, status)}
    </Tag>
  );
}
