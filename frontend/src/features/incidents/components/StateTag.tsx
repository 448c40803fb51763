import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { IncidentCompleted, IncidentDraft } from '@/types/api.gen';
import { keyOf, STATE_KEYS } from '@/lib/care/incidentLabels';

/** A report's state: a draft in amber, pending review in blue, completed in green. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  const intent = state === IncidentDraft ? Intent.WARNING : state === IncidentCompleted ? Intent.SUCCESS : Intent.PRIMARY;
  return (
    <Tag intent={intent} data-testid="incident-state" data-state={state}>
      {t(keyOf(STATE_KEYS, state, 'PENDING_REVIEW'))}
    </Tag>
  );
}
