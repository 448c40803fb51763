import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ArrowLeftIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { CheckIn, SmartSetupDraft, SmartSetupGroup, SmartSetupValue } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { FieldNotesContext } from '@/lib/form/fieldNotes';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';
import { ianaZone } from '@/lib/time/dateTime';
import { serverNow } from '@/lib/time/serverClock';
import { zonedDate } from '@/lib/time/zone';
import { confirmGroup } from '../api/confirm';
import { useDraft } from '../api/getDraft';
import { batchKeyOf } from '../api/keys';
import { prefillOf, profileSources, type ReadPrefill } from '../prefill';
import { profileUrl, smartUrl } from '../smartSteps';
import { forgetMoveIn, rememberMoveIn } from '../startedMoveIns';
import { SourceNote } from './SourceNote';

/** What the review hands the move-in wizard: its URLs under the review's, its starting values, and its end. */
export interface ReviewHost {
  stepUrl: (step: string, residentId: string) => string;
  prefill: ReadPrefill;
  onCompleted: (checkIn: CheckIn) => void;
}

/** The move-in wizard, as the page under src/app gives it (features do not import each other). */
export type WizardSlot = (props: { host: ReviewHost; residentId: string; requested: string | undefined }) => ReactNode;

interface GroupReviewProps {
  wizard: WizardSlot;
  batchId: string;
  group: SmartSetupGroup | undefined;
  groupId: string;
}

/**
 * One resident's review: the move-in wizard (the movein feature's own steps and rules, medication orders
 * included) prefilled from the draft, each prefilled field with where it was read; what was read beside it.
 * When the wizard's "Complete move-in" succeeds, the resident is confirmed for this group.
 */
export function GroupReview({ wizard, batchId, group, groupId }: GroupReviewProps) {
  const { t } = useTranslation();
  const draft = useDraft(groupId);
  const refused = isApiError(draft.error) ? draft.error.message : null;
  const back = (
    <Link to={smartUrl('review', batchId)} className="hearth-smart-back" data-testid="smart-review-back">
      <ArrowLeftIcon /> {t('smartsetup.review.back')}
    </Link>
  );
  if (group?.residentId) {
    return (
      <div className="hearth-page">
        {back}
        <Callout intent={Intent.SUCCESS} icon={<TickCircleIcon />} data-testid="smart-group-confirmed">
          <p>{t('smartsetup.review.confirmedFor', { name: group.name })}</p>
          <Link to={profileUrl(group.residentId)}>{t('smartsetup.review.openProfile', { name: group.name })}</Link>
        </Callout>
      </div>
    );
  }
  if (!draft.data) {
    return (
      <div className="hearth-page">
        {back}
        {draft.isError ? (
          <EmptyState title={refused ?? t('smartsetup.review.draftMissing')} data-testid="smart-draft-refused" />
        ) : (
          <div className="hearth-center">
            <Spinner size={32} />
          </div>
        )}
      </div>
    );
  }
  return <Prefilled wizard={wizard} batchId={batchId} groupId={groupId} draft={draft.data} back={back} />;
}

interface PrefilledProps {
  wizard: WizardSlot;
  batchId: string;
  groupId: string;
  draft: SmartSetupDraft;
  back: ReactNode;
}

function Prefilled({ wizard, batchId, groupId, draft, back }: PrefilledProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const zone = ianaZone(userInfo?.timeZone || session?.timeZone || undefined);
  const [today] = useState(() => zonedDate(serverNow(), zone));
  const prefill = useMemo(() => prefillOf(draft, today), [draft, today]);
  const sources = useMemo(() => profileSources(draft), [draft]);
  const [completed, setCompleted] = useState<CheckIn | null>(null);
  const confirm = useAppMutation({
    mutationFn: (residentId: string) => confirmGroup({ groupId, residentId }),
    invalidates: [batchKeyOf(batchId)],
    success: 'smartsetup.review.confirmedToast',
    onSuccess: () => void navigate(smartUrl('review', batchId)),
  });
  const stepUrl = useCallback(
    (step: string, residentId: string) => smartUrl('review', batchId, { groupId, move: step, residentId }),
    [batchId, groupId],
  );
  const { mutate } = confirm;
  const host = useMemo<ReviewHost>(
    () => ({
      stepUrl,
      prefill,
      onCompleted: (done) => {
        setCompleted(done);
        mutate(done.resident.residentId);
      },
    }),
    [stepUrl, prefill, mutate],
  );
  const residentId = params.get('residentId') ?? '';
  useEffect(() => {
    if (residentId) rememberMoveIn(groupId, residentId);
  }, [groupId, residentId]);
  const noteOf = useCallback((fieldId: string) => (sources[fieldId] ? <SourceNote value={sources[fieldId]} /> : null), [sources]);

  return (
    <div className="hearth-smart-review">
      <div className="hearth-smart-review-top">
        {back}
        {residentId && !completed ? (
          // A move-in cancelled meanwhile cannot be resumed: start it again from the papers.
          <Link
            to={smartUrl('review', batchId, { groupId })}
            onClick={() => forgetMoveIn(groupId)}
            className="hearth-smart-restart"
            data-testid="smart-review-restart"
          >
            {t('smartsetup.review.restart')}
          </Link>
        ) : null}
        {draft.rulesOnly ? (
          <Callout intent={Intent.PRIMARY} compact data-testid="smart-rules-only">
            {t('smartsetup.review.rulesOnly')}
          </Callout>
        ) : null}
        {completed && confirm.isError ? (
          <Callout intent={Intent.DANGER} compact role="alert">
            <Button onClick={() => confirm.mutate(completed.resident.residentId)} loading={confirm.isPending} data-testid="smart-confirm-again">
              {t('smartsetup.review.confirmAgain')}
            </Button>
          </Callout>
        ) : null}
      </div>
      <div className="hearth-smart-review-body">
        <div className="hearth-smart-review-wizard">
          <FieldNotesContext.Provider value={noteOf}>
            {wizard({ host, residentId, requested: params.get('move') ?? undefined })}
          </FieldNotesContext.Provider>
        </div>
        <ReadPanel draft={draft} />
      </div>
    </div>
  );
}

/** A read value with its source, when there is one. */
function Read({ label, value }: { label: string; value: SmartSetupValue }) {
  if (!value.value) return null;
  return (
    <li className={value.low ? 'hearth-smart-read-low' : undefined}>
      <span className="hearth-muted">{label}:</span> {value.value} <SourceNote value={value} />
    </li>
  );
}

/** What was read for the steps that list items (care plan, medications, contacts), and the pages' text. */
function ReadPanel({ draft }: { draft: SmartSetupDraft }) {
  const { t } = useTranslation();
  const tasks = draft.tasks ?? [];
  const medications = draft.medications ?? [];
  const contacts = draft.contacts ?? [];
  return (
    <aside className="hearth-smart-read" aria-labelledby="smart-read-title" data-testid="smart-read">
      <h2 id="smart-read-title">{t('smartsetup.read.title')}</h2>
      {tasks.length > 0 ? (
        <Card>
          <h3>{t('smartsetup.read.tasks')}</h3>
          {tasks.map((task, i) => (
            <ul key={i} className="hearth-smart-read-item">
              <Read label={t('smartsetup.read.taskTitle')} value={task.title} />
              <Read label={t('smartsetup.read.details')} value={task.details} />
            </ul>
          ))}
        </Card>
      ) : null}
      {medications.length > 0 ? (
        <Card>
          <h3>{t('smartsetup.read.medications')}</h3>
          <p className="hearth-muted">{t('smartsetup.read.medicationsHint')}</p>
          {medications.map((m, i) => (
            <ul key={i} className="hearth-smart-read-item" data-testid="smart-read-medication">
              <Read label={t('smartsetup.read.medication')} value={m.name} />
              <Read label={t('smartsetup.read.dose')} value={m.dose} />
              <Read label={t('smartsetup.read.route')} value={m.route} />
              <Read label={t('smartsetup.read.frequency')} value={m.frequency} />
              <Read label={t('smartsetup.read.times')} value={m.times} />
              <Read label={t('smartsetup.read.hold')} value={m.hold} />
            </ul>
          ))}
        </Card>
      ) : null}
      {contacts.length > 0 ? (
        <Card>
          <h3>{t('smartsetup.read.contacts')}</h3>
          {contacts.map((c, i) => (
            <ul key={i} className="hearth-smart-read-item">
              <Read label={t('smartsetup.read.name')} value={c.name} />
              <Read label={t('smartsetup.read.relationship')} value={c.relationship} />
              <Read label={t('smartsetup.read.phone')} value={c.phone} />
            </ul>
          ))}
        </Card>
      ) : null}
      {(draft.pages ?? []).map((p) => (
        <details key={p.page} className="hearth-smart-page">
          <summary>{t('smartsetup.read.page', { page: p.page })}</summary>
          <pre>{p.text}</pre>
        </details>
      ))}
    </aside>
  );
}
