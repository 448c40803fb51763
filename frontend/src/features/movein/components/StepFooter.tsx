import { Button, Intent } from '@blueprintjs/core';
import { ArrowLeftIcon, ArrowRightIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';

interface StepFooterProps {
  /** Back to the step before, keeping what was saved; none on the first step. */
  onBack?: () => void;
  busy: boolean;
}

/** Back and Next (save and go on) at the foot of a step; Next submits the step's form. */
export function StepFooter({ onBack, busy }: StepFooterProps) {
  const { t } = useTranslation();
  return (
    <div className="hearth-movein-footer">
      {onBack ? (
        <Button icon={<ArrowLeftIcon />} onClick={onBack} disabled={busy} data-testid="movein-back">
          {t('movein.action.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" intent={Intent.PRIMARY} endIcon={<ArrowRightIcon />} loading={busy} data-testid="movein-next">
        {t('movein.action.next')}
      </Button>
    </div>
  );
}
