import { useRef, useState, type FormEvent } from 'react';
import { Button, Callout, Classes, FormGroup, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import { PaperclipIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { CEHoursMax, CredentialMaxFiles, CredentialNameMax, type CaregiverCredentialFields } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { DateInput } from '@/components/DateInput';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { RequiredMark } from '@/lib/form/FormField';
import { sidebarCountsKey } from '@/lib/api/queryKeys';
import { UPLOAD_ACCEPT, isAcceptedUpload } from '@/lib/files/fileTypes';
import { formatFileSize } from '@/lib/files/fileSize';
import { staffKey } from '../api/keys';
import { uploadCaregiverFiles } from '../api/uploadCaregiverFiles';
import { asksForHours, credentialDateProblems } from '../credentialRules';
import { CREDENTIAL_TYPE_KEYS, credentialTypeLabel } from '../staffLabels';
import { Select } from '@/components/Select';

const CREDENTIAL_TYPES = Object.keys(CREDENTIAL_TYPE_KEYS);

interface Props {
  caregiverId: string;
  /** The type to start with (the checklist item the upload was opened from). */
  initialType?: string;
  today: string;
  onClose: () => void;
  onUploaded: () => void;
}

/** One certificate or CE record: type, issue and expiry dates, CE hours and its PDF/JPG/PNG files. */
export function CredentialUploadDialog({ caregiverId, initialType, today, onClose, onUploaded }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState(initialType || CREDENTIAL_TYPES[0]);
  const [name, setName] = useState('');
  const [issueDate, setIssueDate] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [hours, setHours] = useState(0);
  const [files, setFiles] = useState<File[]>([]);
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useAppMutation({
    mutationFn: (fields: CaregiverCredentialFields) => uploadCaregiverFiles(fields, files),
    invalidates: [staffKey, sidebarCountsKey],
    success: 'staff.done.credentialUploaded',
    onSuccess: onUploaded,
    onError: (err) => {
      if (!isApiError(err)) return;
      const fields = fieldErrors(err);
      if (err.code !== '4022' || fields.files) setProblem(t('files.upload.failed', { msg: fields.files || err.message || err.code }));
    },
  });
  const server = upload.isPending ? {} : fieldErrors(upload.error);

  const dates = credentialDateProblems(issueDate, expiryDate, today);
  const issueMsg =
    server.issueDate ||
    (touched && dates.issueDate === 'required' ? t('staff.form.required') : dates.issueDate === 'future' ? t('staff.credential.issueFuture') : undefined);
  const expiryMsg = server.expiryDate || (dates.expiryDate ? t('staff.credential.expiryBeforeIssue') : undefined);
  const filesMsg = touched && files.length === 0 ? t('staff.credential.filesRequired') : undefined;

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    const wrong = chosen.filter((f) => !isAcceptedUpload(f));
    if (wrong.length > 0) {
      setProblem(t('files.upload.invalidType', { names: wrong.map((f) => f.name).join(', ') }));
      return;
    }
    const next = [...files, ...chosen];
    if (next.length > CredentialMaxFiles) setProblem(t('staff.credential.tooManyFiles', { max: CredentialMaxFiles }));
    else setProblem(null);
    setFiles(next.slice(0, CredentialMaxFiles));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    upload.reset();
    if (dates.issueDate || dates.expiryDate || files.length === 0) return;
    upload.mutate({
      caregiverId,
      credentialType: type,
      name: name.trim() || undefined,
      issueDate,
      expiryDate: expiryDate || undefined,
      ceHours: asksForHours(type) && hours > 0 ? hours : undefined,
    });
  };

  return (
    <AppDialog title={t('staff.credential.uploadTitle')} onClose={onClose} style={{ width: 560 }}>
      <form onSubmit={submit} noValidate data-testid="credential-upload">
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label={t('staff.credential.type')} labelFor="cred-type">
            <Select id="cred-type" fill value={type} onChange={(e) => setType(e.currentTarget.value)}>
              {CREDENTIAL_TYPES.map((c) => (
                <option key={c} value={c}>
                  {credentialTypeLabel(t, c)}
                </option>
              ))}
            </Select>
          </FormGroup>
          <FormGroup label={t('staff.credential.name')} labelFor="cred-name" labelInfo={t('staff.credential.nameHint')}>
            <InputGroup id="cred-name" value={name} maxLength={CredentialNameMax} onValueChange={setName} />
          </FormGroup>
          <FormGroup label={t('staff.credential.issueDate')} labelFor="cred-issue" subLabel={<RequiredMark />} intent={issueMsg ? Intent.DANGER : Intent.NONE} helperText={issueMsg}>
            <DateInput id="cred-issue" required max={today} value={issueDate} onChange={setIssueDate} />
          </FormGroup>
          <FormGroup
            label={t('staff.credential.expiryDate')}
            labelFor="cred-expiry"
            labelInfo={t('staff.credential.expiryHint')}
            intent={expiryMsg ? Intent.DANGER : Intent.NONE}
            helperText={expiryMsg}
          >
            <DateInput id="cred-expiry" value={expiryDate} onChange={setExpiryDate} />
          </FormGroup>
          {asksForHours(type) ? (
            <FormGroup label={t('staff.credential.ceHours')} labelFor="cred-hours" helperText={server.ceHours}>
              <NumericInput
                id="cred-hours"
                min={0}
                max={CEHoursMax}
                stepSize={0.5}
                minorStepSize={0.25}
                value={hours}
                onValueChange={(n) => setHours(Number.isFinite(n) ? n : 0)}
              />
            </FormGroup>
          ) : null}
          <FormGroup
            label={t('staff.credential.files')}
            labelInfo={t('staff.credential.filesHint', { max: CredentialMaxFiles })}
            helperText={filesMsg ?? t('files.upload.rules')}
            intent={filesMsg ? Intent.DANGER : Intent.NONE}
          >
            <ul className="hearth-attachments">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`} data-testid="chosen-file">
                  {f.name} ({formatFileSize(f.size)}){' '}
                  <Button variant="minimal" size="small" onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                    {t('staff.credential.removeFile')}
                  </Button>
                </li>
              ))}
            </ul>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={UPLOAD_ACCEPT}
              data-testid="credential-file-input"
              onChange={(e) => choose(e.currentTarget.files)}
            />
            <Button icon={<PaperclipIcon />} disabled={files.length >= CredentialMaxFiles} onClick={() => input.current?.click()}>
              {t('staff.credential.chooseFiles')}
            </Button>
          </FormGroup>
          {problem ? (
            <Callout intent={Intent.DANGER} compact data-testid="upload-problem">
              {problem}
            </Callout>
          ) : null}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} loading={upload.isPending} data-testid="credential-submit">
              {t('staff.credential.upload')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
