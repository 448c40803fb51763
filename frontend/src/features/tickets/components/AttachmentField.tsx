import { useRef, useState } from 'react';
import { Button, Callout, FormGroup, Intent } from '@blueprintjs/core';
import { PaperclipIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@/types/api.gen';
import { FileServiceTicket, TicketMaxFiles } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { uploadFiles, UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';
import { UPLOAD_ACCEPT, isAcceptedUpload } from '@/lib/files/fileTypes';
import { filesThatFit } from '../ticketRules';
import { AttachmentList } from './AttachmentList';

interface AttachmentFieldProps {
  files: FileItem[];
  disabled: boolean;
  /** Called with uploaded files to add. */
  onUploaded: (items: FileItem[]) => void;
  onRemove: (fileId: string) => void;
}

/**
 * Up to 3 PDF, JPG or PNG files (spec 001 §5), uploaded as SERVICE_TICKET_FILE when chosen. The file limits
 * (7008/7009/7010) and field rules (4022) are shown here, under the files.
 */
export function AttachmentField({ files, disabled, onUploaded, onRemove }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The files join the ticket when it is saved: no message of their own.
  const upload = useAppMutation({
    mutationFn: (fit: File[]) => uploadFiles(fit, FileServiceTicket),
    onSuccess: onUploaded,
    onError: (err) => {
      if (isApiError(err) && (UPLOAD_HANDLED_CODES as readonly string[]).includes(err.code)) {
        const fields = Object.values(fieldErrors(err));
        setProblem(t('files.upload.failed', { msg: fields.length > 0 ? fields.join(' ') : err.message || err.code }));
      }
    },
  });
  const full = files.length >= TicketMaxFiles;

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const wrong = chosen.filter((f) => !isAcceptedUpload(f));
    if (wrong.length > 0) {
      setProblem(t('files.upload.invalidType', { names: wrong.map((f) => f.name).join(', ') }));
      return;
    }
    const { fit, refused } = filesThatFit(files.length, chosen, TicketMaxFiles);
    if (refused > 0) {
      setProblem(t('tickets.files.tooMany', { max: TicketMaxFiles }));
      if (fit.length === 0) return;
    } else {
      setProblem(null);
    }
    upload.mutate(fit);
  };

  return (
    <FormGroup
      label={t('tickets.form.files')}
      labelInfo={t('tickets.form.filesHint', { max: TicketMaxFiles })}
      helperText={t('files.upload.rules')}
    >
      <AttachmentList files={files} onRemove={disabled ? undefined : onRemove} />
      <input
        ref={input}
        type="file"
        multiple
        accept={UPLOAD_ACCEPT}
        hidden
        data-testid="ticket-file-input"
        onChange={(e) => choose(e.currentTarget.files)}
      />
      {disabled ? null : (
        <Button icon={<PaperclipIcon />} loading={upload.isPending} disabled={full} onClick={() => input.current?.click()}>
          {t('tickets.form.addFiles')}
        </Button>
      )}
      {problem ? (
        <Callout intent={Intent.DANGER} compact className="hearth-gap-top" data-testid="upload-problem">
          {problem}
        </Callout>
      ) : null}
    </FormGroup>
  );
}
