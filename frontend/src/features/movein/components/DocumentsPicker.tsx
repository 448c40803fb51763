import { useRef, useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { CrossIcon, DocumentIcon, PaperclipIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ResidentFile } from '@/types/api.gen';
import { ResidentFilesMax } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { formatFileSize } from '@/lib/files/fileSize';
import { isAcceptedUpload, UPLOAD_ACCEPT } from '@/lib/files/fileTypes';
import { openFilePreview } from '@/lib/files/preview';

interface DocumentsPickerProps {
  /** Chosen here, sent with the step's save. */
  files: File[];
  onChange: (files: File[]) => void;
  /** Documents the move-in saved already (every step's). */
  saved: readonly ResidentFile[];
  hint: string;
}

/** A step's documents (PDF/JPG/PNG): chosen now, uploaded when the step saves; those already saved open in the preview. */
export function DocumentsPicker({ files, onChange, saved, hint }: DocumentsPickerProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const wrong = chosen.filter((f) => !isAcceptedUpload(f));
    if (wrong.length > 0) {
      setProblem(t('files.upload.invalidType', { names: wrong.map((f) => f.name).join(', ') }));
      return;
    }
    const all = [...files, ...chosen];
    if (all.length > ResidentFilesMax) {
      setProblem(t('movein.documents.tooMany', { max: ResidentFilesMax }));
      return;
    }
    setProblem(null);
    onChange(all);
  };

  return (
    <section className="hearth-movein-documents" aria-labelledby="movein-documents-title">
      <SectionTitle id="movein-documents-title">{t('movein.documents.title')}</SectionTitle>
      <p className="hearth-muted">{hint}</p>
      {saved.length > 0 ? (
        <ul className="hearth-movein-file-list" data-testid="movein-saved-files">
          {saved.map((f) => (
            <li key={f.fileId}>
              <DocumentIcon />{' '}
              <Button variant="minimal" className="hearth-link-button" onClick={() => openFilePreview(f.fileId)}>
                {f.name}
              </Button>{' '}
              <span className="hearth-muted">{formatFileSize(f.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className="hearth-movein-file-list" data-testid="movein-chosen-files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <PaperclipIcon /> {f.name} <span className="hearth-muted">{t('movein.documents.notSent')}</span>
              <Button
                variant="minimal"
                icon={<CrossIcon />}
                aria-label={t('movein.documents.remove', { name: f.name })}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <Callout intent={Intent.DANGER} compact role="alert" className="hearth-gap-bottom">
          {problem}
        </Callout>
      ) : null}
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={UPLOAD_ACCEPT}
        data-testid="movein-files-input"
        onChange={(e) => choose(e.currentTarget.files)}
      />
      <Button icon={<PaperclipIcon />} onClick={() => input.current?.click()} data-testid="movein-files-choose">
        {t('movein.documents.choose')}
      </Button>
    </section>
  );
}
