import { useState, type DragEvent } from 'react';
import { Button, Callout, Card, Intent, Spinner, Tag } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { ArrowRightIcon, DocumentIcon, PlayIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SmartSetupBatch, SmartSetupFile } from '@/types/api.gen';
import { SmartDraft, SmartSetupFilesMax, SmartStepText } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { formatFileSize } from '@/lib/files/fileSize';
import { PAPER_ACCEPT } from '@/lib/files/fileTypes';
import { batchKeyOf, progressKeyOf } from '../api/keys';
import { startBatch } from '../api/start';
import { uploadPapers } from '../api/upload';
import { smartUrl } from '../smartSteps';
import { MoveFileDialog } from './MoveFileDialog';

/** What the file picker offers: what the server reads now (PDF, JPEG, PNG) and what it may take later; it decides by content. */

interface UploadStepProps {
  batchId: string;
  batch: SmartSetupBatch | undefined;
}

/**
 * Step 1: the residents' papers, many at once (picked or dropped). Each file starts as a resident of its own;
 * papers naming the same resident are put together once their text is read. A file can be moved to another
 * resident or a new one. A refused file says why; the others go on.
 */
export function UploadStep({ batchId, batch }: UploadStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<SmartSetupFile | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useAppMutation({
    mutationFn: (files: File[]) => uploadPapers(files, batchId),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeyOf(answer.batchId), answer);
      if (answer.batchId !== batchId) void navigate(smartUrl('upload', answer.batchId), { replace: true });
    },
  });
  const start = useAppMutation({
    mutationFn: () => startBatch(batchId),
    success: 'smartsetup.upload.started',
    invalidates: [batchKeyOf(batchId)],
    onSuccess: (progress) => {
      queryClient.setQueryData(progressKeyOf(batchId), progress);
      void navigate(smartUrl('progress', batchId));
    },
  });
  const send = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) upload.mutate(files);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    send(e.dataTransfer.files);
  };
  const refusedCall = isApiError(upload.error) ? upload.error.message : null;
  const groups = batch?.groups ?? [];
  const refused = batch?.refused ?? [];
  // Papers added after the start wait as drafts until Start is pressed again.
  const waiting = groups.some((g) => g.jobs.some((j) => j.step === SmartStepText && j.state === SmartDraft));
  const canStart = groups.length > 0 && !batch?.finished && (!batch?.started || waiting);

  return (
    <section className="hearth-smart-step" aria-labelledby="smart-upload-title" data-testid="smart-upload">
      <SectionTitle id="smart-upload-title">{t('smartsetup.step.upload')}</SectionTitle>
      <p className="hearth-muted">{t('smartsetup.upload.hint', { max: SmartSetupFilesMax })}</p>
      {batch?.finished ? null : (
        <div
          className={`hearth-smart-drop${dragging ? ' hearth-smart-drop-over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="smart-drop"
        >
          <label htmlFor="smart-files">{t('smartsetup.upload.pick')}</label>
          <input
            id="smart-files"
            type="file"
            multiple
            accept={PAPER_ACCEPT}
            disabled={upload.isPending}
            data-testid="smart-files"
            onChange={(e) => {
              send(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <p className="hearth-muted">{t('smartsetup.upload.drop')}</p>
          {upload.isPending ? <Spinner size={20} aria-label={t('smartsetup.upload.sending')} /> : null}
        </div>
      )}
      {refusedCall ? (
        <Callout intent={Intent.DANGER} role="alert" compact className="hearth-gap-bottom" data-testid="smart-upload-problem">
          {refusedCall}
        </Callout>
      ) : null}
      {refused.length > 0 ? (
        <TitledCallout level={3} intent={Intent.WARNING} title={t('smartsetup.upload.refused')} className="hearth-gap-bottom" data-testid="smart-refused">
          <ul>
            {refused.map((f) => (
              <li key={f.id}>
                <strong>{f.name}</strong>: {f.errorMessage}
              </li>
            ))}
          </ul>
        </TitledCallout>
      ) : null}
      {groups.length > 0 ? (
        <>
          <h3>{t('smartsetup.upload.residents', { count: groups.length })}</h3>
          <ul className="hearth-smart-groups" data-testid="smart-groups">
            {groups.map((g) => (
              <li key={g.groupId}>
                <Card className="hearth-smart-group" data-testid="smart-group">
                  <h4>{g.name}</h4>
                  {g.byHand ? <Tag minimal>{t('smartsetup.upload.byHand')}</Tag> : null}
                  <ul className="hearth-smart-files">
                    {g.files.map((f) => (
                      <li key={f.id} data-testid="smart-file">
                        <DocumentIcon aria-hidden="true" />
                        <span className="hearth-smart-file-name">{f.name}</span>
                        <span className="hearth-muted">
                          {formatFileSize(f.size)}
                          {f.totalPages > 0 ? ` · ${t('smartsetup.upload.pages', { count: f.totalPages })}` : ''}
                        </span>
                        {f.errorMessage ? (
                          <span className="hearth-smart-file-error" role="note">
                            {f.errorMessage}
                          </span>
                        ) : null}
                        {!batch?.finished && (groups.length > 1 || g.files.length > 1) ? (
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setMoving(f)}
                            aria-label={t('smartsetup.upload.moveLabel', { name: f.name })}
                          >
                            {t('smartsetup.upload.move')}
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </Card>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="hearth-smart-actions">
        {canStart ? (
          <Button intent={Intent.PRIMARY} icon={<PlayIcon />} loading={start.isPending} onClick={() => start.mutate()} data-testid="smart-start">
            {t('smartsetup.upload.start')}
          </Button>
        ) : null}
        {batch?.started ? (
          <Button intent={Intent.PRIMARY} endIcon={<ArrowRightIcon />} onClick={() => void navigate(smartUrl('progress', batchId))}>
            {t('smartsetup.upload.toProgress')}
          </Button>
        ) : null}
      </div>
      {moving && batch ? <MoveFileDialog batch={batch} file={moving} onClose={() => setMoving(null)} /> : null}
    </section>
  );
}
