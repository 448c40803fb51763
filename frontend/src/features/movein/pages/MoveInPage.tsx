import { useEffect, useRef, useState } from 'react';
import { Button, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ArrowLeftIcon, CrossIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CheckIn, CheckInStep } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { CancelMoveInDialog } from '@/components/residents/CancelMoveInDialog';
import { currentLanguage } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { ianaZone } from '@/lib/time/dateTime';
import { zonedDate } from '@/lib/time/zone';
import { useCheckIn } from '../api/getCheckIn';
import { checkInKeyOf } from '../api/keys';
import { CarePlanStep } from '../components/CarePlanStep';
import { ConfirmStep } from '../components/ConfirmStep';
import { ContactsStep } from '../components/ContactsStep';
import { MedicationsStep } from '../components/MedicationsStep';
import { ProfileStep } from '../components/ProfileStep';
import { ResultStep } from '../components/ResultStep';
import { StepIndicator } from '../components/StepIndicator';
import { useMoveInHost } from '../moveInHost';
import { allowedStep, nextStep, previousStep } from '../moveInSteps';
import { afterSave, draftsOf, withPrefill, type WizardDrafts } from '../wizardDrafts';
import '../movein.css';
import { serverNow } from '@/lib/time/serverClock';

/**
 * The resident lists (the residents feature's list queries, by value: features do not import each other). Only
 * they are refetched after a cancel: the wizard's own getCheckIn would answer 4004 for a cancelled move-in.
 */
const RESIDENT_LISTS_KEY = ['care', 'resident', 'list'] as const;

/**
 * /resident-management/move-in/{step}?residentId= (owners, admins): the manual move-in wizard. Without a
 * resident it starts a new move-in at "confirm resident"; with one it resumes where that move-in stopped
 * (/resident-management/move-in?residentId= opens the first step not yet saved).
 */
export default function MoveInPage() {
  const { step } = useParams();
  const [params] = useSearchParams();
  return <MoveInFlow residentId={params.get('residentId') ?? ''} requested={step} />;
}

/**
 * The wizard for a move-in (none yet: a new one) at a requested step. A host page may render it inside a
 * MoveInHostContext (moveInHost.ts) to keep it under its own URL, prefill it and hear when it completes.
 */
export function MoveInFlow({ residentId, requested }: { residentId: string; requested: string | undefined }) {
  const { t } = useTranslation();
  const query = useCheckIn(residentId);

  if (residentId !== '' && query.data === undefined) {
    return (
      <div className="hearth-page">
        <PageHeader title={t('movein.title')} />
        {query.isError ? (
          <>
            <QueryErrorBanner query={query} />
            <EmptyState
              icon={<WarningSignIcon size={32} />}
              title={t('movein.notFound')}
              action={
                <Link to="/resident-management">
                  <ArrowLeftIcon /> {t('movein.backToList')}
                </Link>
              }
            />
          </>
        ) : (
          <div className="hearth-center">
            <Spinner size={32} />
          </div>
        )}
      </div>
    );
  }
  // A new move-in gets its own wizard (and drafts) once its first step made the resident.
  return <MoveInWizard key={residentId} residentId={residentId} checkIn={residentId ? query.data : undefined} requested={requested} />;
}

function MoveInWizard({ residentId, checkIn, requested }: { residentId: string; checkIn: CheckIn | undefined; requested: string | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const zone = ianaZone(userInfo?.timeZone || session?.timeZone || undefined);
  const [today] = useState(() => zonedDate(serverNow(), zone));
  const host = useMoveInHost();
  const stepUrl = host.stepUrl;
  const [drafts, setDrafts] = useState<WizardDrafts>(() => withPrefill(draftsOf(checkIn, language), host.prefill, checkIn));
  const step = allowedStep(requested, checkIn);

  // A step not reached yet, an unknown one or none: show the one allowed, in the URL too.
  useEffect(() => {
    if (requested !== step) void navigate(stepUrl(step, residentId), { replace: true });
  }, [requested, step, residentId, navigate, stepUrl]);

  // A host hears of a move-in completed earlier too (it may not have heard then: a reload, a lost answer).
  const [openedCompleted] = useState(() => (checkIn?.completed ? checkIn : undefined));
  const { onCompleted } = host;
  useEffect(() => {
    if (openedCompleted) onCompleted?.(openedCompleted);
  }, [openedCompleted, onCompleted]);

  // A new step takes the reader to its title (the page does not reload between steps).
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const title = document.getElementById(`movein-${step}-title`);
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
    window.scrollTo({ top: 0 });
  }, [step]);

  const go = (to: CheckInStep | undefined) => {
    if (to) void navigate(stepUrl(to, residentId));
  };
  const saved = (from: CheckInStep) => (answer: CheckIn) => {
    setDrafts((d) => afterSave(d, from, answer, language));
    const to = nextStep(from);
    if (to) void navigate(stepUrl(to, answer.resident.residentId));
  };
  const setFiles = (s: CheckInStep) => (files: File[]) => setDrafts((d) => ({ ...d, files: { ...d.files, [s]: files } }));
  const back = () => go(previousStep(step));
  const savedFiles = checkIn?.files ?? [];
  const name = checkIn ? checkIn.resident.name || `${checkIn.resident.firstName} ${checkIn.resident.lastName}` : '';

  return (
    <div className="hearth-page hearth-movein">
      <div className="hearth-movein-header">
        <PageHeader title={name ? t('movein.titleFor', { name }) : t('movein.title')} />
        {checkIn && !checkIn.completed ? (
          <Button
            variant="outlined"
            intent={Intent.DANGER}
            icon={<CrossIcon />}
            onClick={() => setCancelling(true)}
            data-testid="movein-cancel"
          >
            {t('residents.moveIn.cancel')}
          </Button>
        ) : null}
      </div>
      {cancelling && checkIn ? (
        <CancelMoveInDialog
          residentId={checkIn.resident.residentId}
          name={name}
          invalidates={[RESIDENT_LISTS_KEY]}
          onClose={() => setCancelling(false)}
          onCancelled={() => {
            void navigate('/resident-management', { replace: true });
            queryClient.removeQueries({ queryKey: checkInKeyOf(checkIn.resident.residentId) });
          }}
        />
      ) : null}
      <StepIndicator current={step} checkIn={checkIn} residentId={residentId} />
      {step === 'confirm' ? (
        <ConfirmStep
          residentId={residentId}
          draft={drafts.resident}
          onChange={(patch) => setDrafts((d) => ({ ...d, resident: { ...d.resident, ...patch } }))}
          today={today}
          onSaved={saved('confirm')}
        />
      ) : null}
      {step === 'profile' ? (
        <ProfileStep
          residentId={residentId}
          draft={drafts.resident}
          onChange={(patch) => setDrafts((d) => ({ ...d, resident: { ...d.resident, ...patch } }))}
          photoUrl={drafts.photoUrl}
          onPhoto={(fileId, url) => setDrafts((d) => ({ ...d, photoUrl: url, resident: { ...d.resident, avatarFileId: fileId } }))}
          files={drafts.files.profile ?? []}
          onFiles={setFiles('profile')}
          savedFiles={savedFiles}
          today={today}
          onBack={back}
          onSaved={saved('profile')}
        />
      ) : null}
      {step === 'care-plan' ? (
        <CarePlanStep
          residentId={residentId}
          items={drafts.tasks}
          onChange={(tasks) => setDrafts((d) => ({ ...d, tasks }))}
          files={drafts.files['care-plan'] ?? []}
          onFiles={setFiles('care-plan')}
          savedFiles={savedFiles}
          today={today}
          onBack={back}
          onSaved={saved('care-plan')}
        />
      ) : null}
      {step === 'emars' ? (
        <MedicationsStep
          residentId={residentId}
          items={drafts.medications}
          onChange={(medications) => setDrafts((d) => ({ ...d, medications }))}
          files={drafts.files.emars ?? []}
          onFiles={setFiles('emars')}
          savedFiles={savedFiles}
          today={today}
          onBack={back}
          onSaved={saved('emars')}
        />
      ) : null}
      {step === 'contacts' ? (
        <ContactsStep
          residentId={residentId}
          items={drafts.contacts}
          onChange={(contacts) => setDrafts((d) => ({ ...d, contacts }))}
          files={drafts.files.contacts ?? []}
          onFiles={setFiles('contacts')}
          savedFiles={savedFiles}
          onBack={back}
          onSaved={saved('contacts')}
        />
      ) : null}
      {step === 'result' && checkIn ? <ResultStep checkIn={checkIn} onBack={back} /> : null}
    </div>
  );
}
