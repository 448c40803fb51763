import { Intent, ProgressBar } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { DayProgress as Figures } from '../taskRules';

/** The day's progress: done of total as words and a bar, and the overdue count with a warning icon. */
export function DayProgress({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const { done, total, overdue } = figures;
  return (
    <div className="hearth-task-progress" data-testid="task-progress" data-done={done} data-total={total} data-overdue={overdue}>
      <div className="hearth-task-progress-words">
        <strong>{t('tasks.progress.done', { done, total })}</strong>
        {overdue > 0 ? (
          <span className="hearth-task-progress-overdue">
            <WarningSignIcon /> {t('tasks.progress.overdue', { n: overdue })}
          </span>
        ) : null}
      </div>
      <ProgressBar
        value={total > 0 ? done / total : 0}
        intent={overdue > 0 ? Intent.WARNING : Intent.SUCCESS}
        stripes={false}
        animate={false}
        aria-hidden="true"
      />
    </div>
  );
}
