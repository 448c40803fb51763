import { useState, type FormEvent } from 'react';
import { Button, Classes, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ApplicationApproved, ApplicationRefused, type ApplicationForm } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { approval } from '../api/approval';
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
  const [busy, setBusy] = useState(false);
  const refuse = decision === 'refuse';
  const missing = refuse && comment.trim() === '';
  const language = currentLanguage();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (missing) return;
    setBusy(true);
    try {
      await approval(
        { applicationId: request.applicationId, status: refuse ? ApplicationRefused : ApplicationApproved, comment: comment.trim() || undefined },
        refuse ? t('requests.approval.refuse') : t('requests.approval.approve'),
      );
      onDecided();
    } catch {
      // the client has reported it
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDialog title={refuse ? t('requests.approval.refuseTitle') : t('requests.approval.approveTitle')} onClose={onClose} style={{ width: 520 }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
            <Button type="submit" intent={refuse ? Intent.DANGER : Intent.SUCCESS} loading={busy} data-testid="decision-submit">
              {refuse ? t('requests.approval.refuse') : t('requests.approval.approve')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
