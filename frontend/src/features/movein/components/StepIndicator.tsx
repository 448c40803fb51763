import { TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CheckIn, CheckInStep } from '@/types/api.gen';
import { useMoveInHost } from '../moveInHost';
import { canOpenStep, MOVE_IN_STEPS, reachedStep, STEP_TITLE_KEYS, stepIndex } from '../moveInSteps';

interface StepIndicatorProps {
  current: CheckInStep;
  checkIn: CheckIn | undefined;
  residentId: string;
}

/**
 * Where the move-in stands: the six steps, done ones ticked, the current one marked; steps already reached
 * are links (Back keeps what was saved). On a phone the names give way to numbers, with "Step 3 of 6: Care
 * plan" above them.
 */
export function StepIndicator({ current, checkIn, residentId }: StepIndicatorProps) {
  const { t } = useTranslation();
  const { stepUrl } = useMoveInHost();
  const reached = stepIndex(reachedStep(checkIn));
  const at = stepIndex(current);
  return (
    <nav className="hearth-movein-steps" aria-label={t('movein.steps.label')} data-testid="movein-steps" data-step={current}>
      <p className="hearth-movein-steps-now" aria-hidden="true">
        {t('movein.steps.position', { n: at + 1, total: MOVE_IN_STEPS.length, name: t(STEP_TITLE_KEYS[current as keyof typeof STEP_TITLE_KEYS]) })}
      </p>
      <ol>
        {MOVE_IN_STEPS.map((step, i) => {
          const done = checkIn?.completed || i < reached;
          const state = step === current ? 'current' : done ? 'done' : 'todo';
          const title = t(STEP_TITLE_KEYS[step as keyof typeof STEP_TITLE_KEYS]);
          const body = (
            <>
              <span className="hearth-movein-step-number" aria-hidden="true">
                {done && step !== current ? <TickIcon size={14} /> : i + 1}
              </span>
              <span className="hearth-movein-step-name">
                {title}
                {done && step !== current ? <span className="hearth-sr-only"> ({t('movein.steps.saved')})</span> : null}
              </span>
            </>
          );
          return (
            <li key={step} className={`hearth-movein-step hearth-movein-step-${state}`} aria-current={step === current ? 'step' : undefined}>
              {step !== current && canOpenStep(step, checkIn) && residentId ? (
                <Link to={stepUrl(step, residentId)} data-testid={`movein-step-${step}`}>
                  {body}
                </Link>
              ) : (
                <span className="hearth-movein-step-box" data-testid={`movein-step-${step}`}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
