import { Button, Callout, Card, Intent, Tag } from '@blueprintjs/core';
import { ArrowRightIcon, EditIcon, PersonIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SmartSetupBatch, SmartSetupGroup } from '@/types/api.gen';
import { SmartCompleted, SmartFailed } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { profileUrl, smartUrl } from '../smartSteps';
import { startedMoveIn } from '../startedMoveIns';

interface ReviewStepProps {
  batchId: string;
  batch: SmartSetupBatch | undefined;
}

/** Whether the group's papers gave the wizard something to start from (its steps ran). */
function readable(g: SmartSetupGroup): boolean {
  return g.files.some((f) => f.fileId !== '') && g.jobs.some((j) => j.state === SmartCompleted);
}

/**
 * Step 3: each resident read from the papers; "Review and move in" opens the move-in wizard prefilled from what
 * was read. Nothing enters the resident list until the owner completes that move-in; it is then confirmed here.
 */
export function ReviewStep({ batchId, batch }: ReviewStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = (batch?.groups ?? []).filter((g) => g.files.some((f) => f.fileId !== ''));
  return (
    <section className="hearth-smart-step" aria-labelledby="smart-review-title" data-testid="smart-review">
      <SectionTitle id="smart-review-title">{t('smartsetup.step.review')}</SectionTitle>
      <p className="hearth-muted">{t('smartsetup.review.hint')}</p>
      <ul className="hearth-smart-groups">
        {groups.map((g) => {
          const failed = g.jobs.some((j) => j.state === SmartFailed);
          const needsRetry = g.jobs.some((j) => j.needsRetry);
          return (
            <li key={g.groupId}>
              <Card className="hearth-smart-group" data-testid="smart-review-group">
                <h3>{g.name}</h3>
                {g.residentId ? (
                  <p className="hearth-smart-confirmed">
                    <Tag intent={Intent.SUCCESS} icon={<TickCircleIcon />} data-testid="smart-confirmed">
                      {t('smartsetup.review.confirmed')}
                    </Tag>{' '}
                    <Link to={profileUrl(g.residentId)}>
                      <PersonIcon /> {t('smartsetup.review.openProfile', { name: g.name })}
                    </Link>
                  </p>
                ) : (
                  <>
                    <Tag minimal>{t('smartsetup.review.notConfirmed')}</Tag>
                    {needsRetry ? <p className="hearth-smart-file-error">{t('smartsetup.review.needsRetry')}</p> : null}
                    {failed ? <p className="hearth-muted">{t('smartsetup.review.failed')}</p> : null}
                    <div>
                      <Button
                        intent={Intent.PRIMARY}
                        icon={<EditIcon />}
                        disabled={needsRetry}
                        onClick={() => void navigate(smartUrl('review', batchId, { groupId: g.groupId, residentId: startedMoveIn(g.groupId) }))}
                        aria-label={t('smartsetup.review.openLabel', { name: g.name })}
                        data-testid="smart-review-open"
                      >
                        {readable(g) ? t('smartsetup.review.open') : t('smartsetup.review.openEmpty')}
                      </Button>
                    </div>
                  </>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      {groups.length === 0 ? <Callout>{t('smartsetup.review.none')}</Callout> : null}
      <div className="hearth-smart-actions">
        <Button intent={Intent.PRIMARY} endIcon={<ArrowRightIcon />} onClick={() => void navigate(smartUrl('done', batchId))} data-testid="smart-to-done">
          {t('smartsetup.review.toDone')}
        </Button>
      </div>
    </section>
  );
}
