import { useState, type FormEvent } from 'react';
import { Button, Classes, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApplicationApproved, ApplicationRefused, type ApplicationForm } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { useAppMutation } from '@/lib/api/mutation';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { approval } from '../api/approval';
import { requestsKey } from '../api/keys';
import { typeLabel } from '../requestLabels';
import { COMMENT_MAX } from '../requestRules';

interface Props {
  request: ApplicationForm;
  decision: 'approve' | 'refuse';
  zone: string | undefined;
  onClose: () => void;
  onDecided: () => void;
}

/** Approve, or refuse with a comment (a refusal needs one; an approval may carry one). */
export function DecisionDialog({ request, decision, zone, onClose, onDecided }: Props) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const refuse = decision === 'refuse';
  const decide = useAppMutation({
    mutationFn: approval,
    invalidates: [requestsKey, sidebarCountsKey],
    success: refuse ? 'requests.done.refused' : 'requests.done.approved',
    onSuccess: onDecided,
  });
  const missing = refuse && comment.trim() === '';
  const language = currentLanguage();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing) return;
    decide.mutate({ applicationId: request.applicationId, status: refuse ? ApplicationRefused : ApplicationApproved, comment: comment.trim() || undefined });
  };

  return (
    <AppDialog title={refuse ? t('requests.approval.refuseTitle') : t('requests.approval.approveTitle')} onClose={onClose} style={{ width: 520 }}>
      <form onSubmit={submit} noValidate>
        <div className={Classes.DIALOG_BODY}>
          <p>
            {t('requests.approval.summary', {
              name: request.creatorName,
              type: typeLabel(t, request.type),
              start: formatDateTime(request.startTime, zone, language),
              end: formatDateTime(request.endTime, zone, language),
            })}
          </p>
          <p className="hearth-muted">{request.reason}</p>
          <FormGroup
            label={t('requests.approval.comment')}
            labelFor="decision-comment"
            labelInfo={refuse ? t('requests.approval.commentRequired') : t('requests.approval.commentOptional')}
            intent={touched && missing ? Intent.DANGER : Intent.NONE}
            helperText={touched && missing ? t('requests.form.required') : undefined}
          >
            <TextArea id="decision-comment" fill autoFocus maxLength={COMMENT_MAX} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
          </FormGroup>
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={refuse ? Intent.DANGER : Intent.SUCCESS} loading={decide.isPending} data-testid="decision-submit">
              {refuse ? t('requests.approval.refuse') : t('requests.approval.approve')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
