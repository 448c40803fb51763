import { Tag } from '@blueprintjs/core';
import { HeatGridIcon, LockIcon, PauseIcon, PulseIcon, StopIcon, UserIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Medication } from '@/types/api.gen';
import { MedicationDiscontinued, MedicationSNF } from '@/types/api.gen';
import { careLabel } from '@/lib/care/taskLabels';
import { MEDICATION_TYPE_KEYS } from '@/lib/emar/emarLabels';
import { holdLimitsText, vitalLabel } from '@/lib/emar/emarText';
import { currentLanguage } from '@/lib/i18n';

/**
 * SNF orders are carried out under nurse delegation or by a licensed nurse (docs/api.md "eMAR": Hearth's
 * reading of the spec's third type); every view names it in words, never by the code alone.
 */
export function SnfFlag() {
  const { t } = useTranslation();
  return (
    <Tag minimal multiline intent="warning" icon={<UserIcon />} className="hearth-med-flag" data-testid="med-flag-snf">
      {t('medications.flag.snf')}
    </Tag>
  );
}

/** An order's type and what a caregiver must know before a pass: SNF, controlled, the hold rule, a sliding scale, on hold, stopped. */
export function OrderFlags({ order }: { order: Pick<Medication, 'type' | 'controlled' | 'vital' | 'holdBelow' | 'holdAbove' | 'slidingScale' | 'onHold' | 'status'> }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const hold = order.vital ? holdLimitsText(t, order, language) : '';
  return (
    <span className="hearth-med-flags">
      <Tag minimal multiline className="hearth-med-flag" data-testid="med-type">
        {careLabel(t, MEDICATION_TYPE_KEYS, order.type)}
      </Tag>
      {order.type === MedicationSNF ? <SnfFlag /> : null}
      {order.controlled ? (
        <Tag minimal multiline intent="danger" icon={<LockIcon />} className="hearth-med-flag" data-testid="med-flag-controlled">
          {t('medications.flag.controlled')}
        </Tag>
      ) : null}
      {hold ? (
        <Tag minimal multiline intent="primary" icon={<PulseIcon />} className="hearth-med-flag" data-testid="med-flag-hold">
          {vitalLabel(t, order.vital)}: {hold}
        </Tag>
      ) : null}
      {order.slidingScale?.length ? (
        <Tag minimal multiline intent="primary" icon={<HeatGridIcon />} className="hearth-med-flag" data-testid="med-flag-scale">
          {t('medications.flag.scale', { vital: vitalLabel(t, order.vital) })}
        </Tag>
      ) : null}
      {order.onHold ? (
        <Tag minimal multiline intent="warning" icon={<PauseIcon />} className="hearth-med-flag" data-testid="med-flag-on-hold">
          {t('medications.flag.onHold')}
        </Tag>
      ) : null}
      {order.status === MedicationDiscontinued ? (
        <Tag minimal multiline icon={<StopIcon />} className="hearth-med-flag" data-testid="med-flag-discontinued">
          {t('medications.flag.discontinued')}
        </Tag>
      ) : null}
    </span>
  );
}
