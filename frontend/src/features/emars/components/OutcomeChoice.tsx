import type { ReactElement } from 'react';
import { BanCircleIcon, DisableIcon, HandIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { PassOutcome } from '@/types/api.gen';
import { PASS_OUTCOME_KEYS } from '@/lib/emar/emarLabels';
import { OUTCOMES } from '@/lib/emar/passRules';

const ICONS: Record<string, ReactElement> = {
  GIVEN: <TickCircleIcon />,
  REFUSED: <BanCircleIcon />,
  HELD: <HandIcon />,
  NOT_GIVEN: <DisableIcon />,
};

interface OutcomeChoiceProps {
  id: string;
  value: PassOutcome | '';
  onChange: (outcome: PassOutcome) => void;
  /** Whether an outcome can be chosen (Given is not, when the reading or the prescriber holds the dose). */
  allowed: (outcome: PassOutcome) => boolean;
  error?: string;
}

/** Given / Refused / Held / Not given as four large radio tiles (44 px and more), one of them chosen. */
export function OutcomeChoice({ id, value, onChange, allowed, error }: OutcomeChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="hearth-outcome-choice" aria-describedby={error ? `${id}-error` : undefined} data-testid="pass-outcome">
      <legend>{t('emars.pass.outcome')}</legend>
      <div className="hearth-outcome-options">
        {OUTCOMES.map((o, i) => (
          <label key={o} className={`hearth-outcome-option is-${o.toLowerCase()}`} data-disabled={!allowed(o) || undefined}>
            <input
              id={i === 0 ? id : undefined}
              type="radio"
              name={id}
              value={o}
              checked={value === o}
              disabled={!allowed(o)}
              onChange={() => onChange(o)}
              data-testid={`outcome-${o}`}
            />
            {ICONS[o]}
            <span>{t(PASS_OUTCOME_KEYS[o as keyof typeof PASS_OUTCOME_KEYS])}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="hearth-field-error" role="alert" data-field-error={id}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
