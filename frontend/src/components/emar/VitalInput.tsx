import { Callout, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { holdLimitsText, verdictText, vitalLabel } from '@/lib/emar/emarText';
import { checkVital, mustHold, VITAL_RANGES, type VitalOrder } from '@/lib/emar/vitals';
import './emar.css';

interface VitalInputProps {
  id: string;
  /** The order: its vital, hold limits and sliding scale. Nothing is drawn for an order without a vital. */
  order: VitalOrder;
  value: string;
  onChange: (value: string) => void;
  /** The field's message (a rule the form checked, or the server's word). */
  error?: string;
  required?: boolean;
  autoFocus?: boolean;
  testId?: string;
}

/**
 * The vital taken before a pass (hold parameters, sliding scales): the reading with its unit in the label,
 * the plausible range and the order's limits under it, and what the reading means as soon as it is typed —
 * held and why, the sliding scale's dose, or within the limits.
 */
export function VitalInput({ id, order, value, onChange, error, required, autoFocus, testId = 'vital-input' }: VitalInputProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (!order.vital) return null;
  const range = VITAL_RANGES[order.vital];
  const check = checkVital(order, value);
  const verdict = verdictText(t, order, check, language);
  const hint = [
    range ? t('care.emar.vitalInput.hint', { min: range[0], max: range[1] }) : '',
    holdLimitsText(t, order, language),
    order.slidingScale?.length ? t('care.emar.vitalInput.scaleHint') : '',
  ]
    .filter(Boolean)
    .join(' ');
  const held = mustHold(check);
  return (
    <div className="hearth-vital-input">
      <FormField id={id} label={vitalLabel(t, order.vital)} required={required} error={error} hint={hint}>
        <InputGroup
          id={id}
          inputMode="decimal"
          autoComplete="off"
          required={required}
          autoFocus={autoFocus}
          value={value}
          intent={error ? Intent.DANGER : Intent.NONE}
          aria-describedby={verdict ? `${id}-verdict` : undefined}
          onChange={(e) => onChange(e.currentTarget.value)}
          data-testid={testId}
        />
      </FormField>
      {verdict ? (
        <Callout
          id={`${id}-verdict`}
          compact
          intent={held ? Intent.WARNING : Intent.PRIMARY}
          role={held ? 'alert' : 'status'}
          className="hearth-vital-verdict"
          data-testid="vital-verdict"
          data-verdict={check.kind}
        >
          {verdict}
        </Callout>
      ) : null}
    </div>
  );
}
