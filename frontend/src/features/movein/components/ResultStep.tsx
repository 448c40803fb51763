import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { ArrowLeftIcon, PersonIcon, TickCircleIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CheckIn } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { MEDICATION_TYPE_KEYS, ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { scheduleText } from '@/lib/care/scheduleText';
import { AREA_KEYS, careLabel } from '@/lib/care/taskLabels';
import { formatFileSize } from '@/lib/files/fileSize';
import { openFilePreview } from '@/lib/files/preview';
import { currentLanguage } from '@/lib/i18n';
import { CONTACT_GROUP_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { formatTimeOfDay } from '@/lib/time/timeOfDay';
import { completeCheckIn } from '../api/completeCheckIn';
import { checkInKeyOf } from '../api/keys';
import { useMoveInHost } from '../moveInHost';

/** Everything the resident pages show; a completed move-in appears in their lists. */
const RESIDENT_DATA_KEY = ['care', 'resident'] as const;

interface ResultStepProps {
  checkIn: CheckIn;
  onBack: () => void;
}

/** The profile's URL (the residents pages, by path: features do not import each other). */
function profileUrl(residentId: string): string {
  return `/resident-management/detail?residentId=${encodeURIComponent(residentId)}`;
}

/** Step 6, result: what the move-in saved, then "Complete move-in"; once done, a link to the resident's profile. */
export function ResultStep({ checkIn, onBack }: ResultStepProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const { stepUrl, onCompleted } = useMoveInHost();
  const r = checkIn.resident;
  const name = r.name || `${r.firstName} ${r.lastName}`;
  const complete = useAppMutation({
    mutationFn: () => completeCheckIn(r.residentId),
    invalidates: [RESIDENT_DATA_KEY],
    success: 'movein.done.completed',
    onSuccess: (done) => {
      queryClient.setQueryData(checkInKeyOf(r.residentId), done);
      onCompleted?.(done);
    },
  });
  const refused = isApiError(complete.error) && (complete.error.code === '4022' || complete.error.code === '7002') ? complete.error.message : null;
  const tasks = checkIn.tasks ?? [];
  const medications = checkIn.medications ?? [];
  const contacts = checkIn.contacts ?? [];
  const files = checkIn.files ?? [];
  const edit = (step: string) => (checkIn.completed ? null : (
    <Link to={stepUrl(step, r.residentId)} className="hearth-movein-summary-edit">
      {t('movein.result.change')}
    </Link>
  ));

  return (
    <div className="hearth-movein-step-form" data-testid="movein-result">
      <SectionTitle id="movein-result-title" className="hearth-movein-step-title">{t('movein.step.result')}</SectionTitle>
      {checkIn.completed ? (
        <Callout intent={Intent.SUCCESS} icon={<TickCircleIcon />} className="hearth-gap-bottom" data-testid="movein-completed">
          <p>{t('movein.result.completed', { name })}</p>
          <Link to={profileUrl(r.residentId)} data-testid="movein-profile-link">
            <PersonIcon /> {t('movein.result.openProfile', { name })}
          </Link>
        </Callout>
      ) : (
        <p className="hearth-muted">{t('movein.result.hint')}</p>
      )}
      {refused ? (
        <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom" data-testid="movein-problem">
          {refused}
        </Callout>
      ) : null}

      <div className="hearth-movein-summary">
        <Card className="hearth-movein-summary-card" data-testid="movein-summary-resident">
          <h3>
            {t('movein.step.profile')} {edit('profile')}
          </h3>
          <p>
            <strong>{name}</strong>
          </p>
          <p>{t('movein.result.born', { date: formatCalendarDate(r.dob, language) })}</p>
          <p>{t('movein.result.room', { room: r.room })}</p>
          {r.moveInDate ? <p>{t('movein.result.moveInDate', { date: formatCalendarDate(r.moveInDate, language) })}</p> : null}
        </Card>
        <Card className="hearth-movein-summary-card" data-testid="movein-summary-tasks">
          <h3>
            {t('movein.result.tasks', { n: tasks.length })} {edit('care-plan')}
          </h3>
          <ul>
            {tasks.map((task) => (
              <li key={task.taskId}>
                <strong>{task.title}</strong> — {careLabel(t, AREA_KEYS, task.area)} · {scheduleText(t, task, language)}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="hearth-movein-summary-card" data-testid="movein-summary-medications">
          <h3>
            {t('movein.result.medications', { n: medications.length })} {edit('emars')}
          </h3>
          <ul>
            {medications.map((m) => (
              <li key={m.medicationId}>
                <strong>
                  {m.name} {m.dose}
                </strong>{' '}
                — {careLabel(t, MEDICATION_TYPE_KEYS, m.type)} · {careLabel(t, ROUTE_KEYS, m.route)}
                {(m.times ?? []).length > 0 ? ` · ${(m.times ?? []).map((x) => formatTimeOfDay(x, language) || x).join(', ')}` : ''}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="hearth-movein-summary-card" data-testid="movein-summary-contacts">
          <h3>
            {t('movein.result.contacts', { n: contacts.length })} {edit('contacts')}
          </h3>
          <ul>
            {contacts.map((c) => (
              <li key={c.contactId}>
                <strong>{c.name}</strong> — {labelOf(t, CONTACT_GROUP_KEYS, c.group)} · {c.phone}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="hearth-movein-summary-card" data-testid="movein-summary-files">
          <h3>{t('movein.result.documents', { n: files.length })}</h3>
          <ul>
            {files.map((f) => (
              <li key={f.fileId}>
                <Button variant="minimal" className="hearth-link-button" onClick={() => openFilePreview(f.fileId)}>
                  {f.name}
                </Button>{' '}
                <span className="hearth-muted">{formatFileSize(f.size)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>

      {checkIn.completed ? null : (
        <div className="hearth-movein-footer">
          <Button icon={<ArrowLeftIcon />} onClick={onBack} disabled={complete.isPending} data-testid="movein-back">
            {t('movein.action.back')}
          </Button>
          <Button intent={Intent.SUCCESS} icon={<TickCircleIcon />} loading={complete.isPending} onClick={() => complete.mutate()} data-testid="movein-complete">
            {t('movein.result.complete')}
          </Button>
        </div>
      )}
    </div>
  );
}
