import { useRef, useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { CrossIcon, DocumentIcon, PaperclipIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@/types/api.gen';
import { FilePhysicianOrder } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { deleteFile } from '@/lib/files/api/deleteFile';
import { uploadFiles, UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';
import { isAcceptedUpload, UPLOAD_ACCEPT } from '@/lib/files/fileTypes';
import { formatFileSize } from '@/lib/files/fileSize';

interface VerificationFileFieldProps {
  id: string;
  /** The uploaded written order, or null. */
  file: FileItem | null;
  onChange: (file: FileItem | null) => void;
}

/**
 * The written order of a change (WAC 388-76-10475: each change needs written verification): a PDF or picture
 * uploaded as soon as it is chosen (category PHYSICIAN_ORDER); the change's save attaches it. Taking it off
 * before the save deletes the upload. A change may be saved without one (the fax often comes later).
 */
export function VerificationFileField({ id, file, onChange }: VerificationFileFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Uploaded like every other write; the file limits and a refused file are said here, under the field.
  const upload = useAppMutation({
    mutationFn: (chosen: File[]) => uploadFiles(chosen, FilePhysicianOrder),
    onSuccess: ([item]) => {
      if (file) void deleteFile({ fileId: file.fileId }).catch(() => undefined);
      onChange(item ?? null);
    },
    onError: (err) => {
      if (!isApiError(err)) setProblem(t('medications.file.failed'));
      else if ((UPLOAD_HANDLED_CODES as readonly string[]).includes(err.code)) {
        const fields = Object.values(fieldErrors(err));
        setProblem(t('files.upload.failed', { msg: fields.length > 0 ? fields.join(' ') : err.message || err.code }));
      }
    },
  });

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []).slice(0, 1);
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    if (!isAcceptedUpload(chosen[0])) {
      setProblem(t('files.upload.invalidType', { names: chosen[0].name }));
      return;
    }
    setProblem(null);
    upload.mutate(chosen);
  };

  const remove = () => {
    if (file) void deleteFile({ fileId: file.fileId }).catch(() => undefined);
    onChange(null);
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className="hearth-form-wide hearth-med-file-field">
      <span id={`${id}-label`} className="hearth-med-file-label">
        {t('medications.file.label')}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        className="hearth-sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => choose(e.currentTarget.files)}
        data-testid="med-file-input"
      />
      {file ? (
        <p className="hearth-med-file" data-testid="med-file-chosen">
          <DocumentIcon /> {file.name} <span className="hearth-muted">{formatFileSize(file.size)}</span>
          <Button variant="minimal" icon={<CrossIcon />} aria-label={t('medications.file.remove', { name: file.name })} onClick={remove} />
        </p>
      ) : null}
      <Button icon={<PaperclipIcon />} loading={upload.isPending} onClick={() => input.current?.click()} data-testid="med-file-choose">
        {file ? t('medications.file.replace') : t('medications.file.choose')}
      </Button>
      {problem ? (
        <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-top">
          {problem}
        </Callout>
      ) : null}
      <p id={`${id}-hint`} className="hearth-muted hearth-med-file-hint">
        {t('medications.file.hint')}
      </p>
    </div>
  );
}
