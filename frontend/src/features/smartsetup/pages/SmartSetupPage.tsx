import { useEffect, useRef } from 'react';
import { TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useBatch } from '../api/getBatch';
import { DoneStep } from '../components/DoneStep';
import { GroupReview, type WizardSlot } from '../components/GroupReview';
import { ProgressStep } from '../components/ProgressStep';
import { ReviewStep } from '../components/ReviewStep';
import { UploadStep } from '../components/UploadStep';
import { shownStep, SMART_STEP_KEYS, SMART_STEPS, smartUrl } from '../smartSteps';
import '../smartsetup.css';

/**
 * /resident-management/batch-upload/{step}?batchId= (owners, admins; spec 000 §2 "batch setup with job
 * details"): residents moved in from the papers the home already has. Upload → progress → review → done;
 * the review of one resident (…/review?groupId=) is the move-in wizard (`wizard`, given by the page under
 * src/app that combines the two features), prefilled.
 */
export default function SmartSetupPage({ wizard }: { wizard: WizardSlot }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { step: requested } = useParams();
  const [params] = useSearchParams();
  const batchId = params.get('batchId') ?? '';
  const groupId = params.get('groupId') ?? '';
  const step = shownStep(requested, batchId);
  const batch = useBatch(batchId);

  useEffect(() => {
    if (requested !== step) void navigate(smartUrl(step, batchId), { replace: true });
  }, [requested, step, batchId, navigate]);

  // A new step takes the reader to its title (the page does not reload between steps).
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const title = document.getElementById(`smart-${step}-title`);
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
    window.scrollTo({ top: 0 });
  }, [step]);

  if (step === 'review' && groupId) {
    return <GroupReview wizard={wizard} batchId={batchId} groupId={groupId} group={batch.data?.groups.find((g) => g.groupId === groupId)} />;
  }
  const at = SMART_STEPS.indexOf(step);
  return (
    <div className="hearth-page hearth-smart">
      <PageHeader title={t('smartsetup.title')} />
      <nav className="hearth-smart-steps" aria-label={t('smartsetup.steps.label')}>
        <ol>
          {SMART_STEPS.map((s, i) => {
            const body = (
              <>
                <span className="hearth-smart-step-number" aria-hidden="true">
                  {i < at ? <TickIcon size={14} /> : i + 1}
                </span>
                <span>{t(SMART_STEP_KEYS[s])}</span>
              </>
            );
            return (
              <li key={s} className={s === step ? 'hearth-smart-step-current' : undefined} aria-current={s === step ? 'step' : undefined}>
                {s !== step && batchId ? <Link to={smartUrl(s, batchId)}>{body}</Link> : <span>{body}</span>}
              </li>
            );
          })}
        </ol>
      </nav>
      <QueryErrorBanner query={batch} />
      {step === 'upload' ? <UploadStep batchId={batchId} batch={batch.data} /> : null}
      {step === 'progress' ? <ProgressStep batchId={batchId} batch={batch.data} /> : null}
      {step === 'review' ? <ReviewStep batchId={batchId} batch={batch.data} /> : null}
      {step === 'done' ? <DoneStep batchId={batchId} batch={batch.data} /> : null}
    </div>
  );
}
