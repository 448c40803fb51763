import { useRef, useState } from 'react';
import { Alert, Button, Callout, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { DocumentIcon, MediaIcon, TrashIcon, UploadIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ResidentFile } from '@/types/api.gen';
import { ResidentFilesMax } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';
import { formatFileSize } from '@/lib/files/fileSize';
import { isAcceptedUpload, UPLOAD_ACCEPT } from '@/lib/files/fileTypes';
import { openFilePreview } from '@/lib/files/preview';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { deleteResidentFile } from '../api/deleteResidentFile';
import { residentsKey } from '../api/keys';
import { useResidentFiles } from '../api/listResidentFiles';
import { uploadResidentFiles } from '../api/uploadResidentFiles';
import { codesOf, FILE_CATEGORY_KEYS, labelOf } from '@/lib/residents/residentLabels';
import { Select } from '@/components/Select';

interface FilesTabProps {
  residentId: string;
  /** One category (medical records, assessment); undefined lists every document and asks for the category. */
  category?: string;
  editable: boolean;
  zone: string | undefined;
  testId: string;
}

/**
 * A resident's documents: upload (PDF/JPG/PNG, several at once) and the list with category, uploader, date
 * and size (base 1024, 2 decimals); a name opens the file in the preview window.
 */
export function FilesTab({ residentId, category, editable, zone, testId }: FilesTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const files = useResidentFiles(residentId, category);
  const input = useRef<HTMLInputElement>(null);
  const [uploadCategory, setUploadCategory] = useState(category ?? 'OTHER');
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useAppMutation({
    mutationFn: (chosen: File[]) => uploadResidentFiles(residentId, category ?? uploadCategory, chosen),
    invalidates: [[...residentsKey, 'files', residentId]],
    success: 'residents.done.filesUploaded',
    onError: (err) => {
      if (isApiError(err) && (UPLOAD_HANDLED_CODES as readonly string[]).includes(err.code)) {
        const fields = Object.values(fieldErrors(err));
        setProblem(t('files.upload.failed', { msg: fields.length > 0 ? fields.join(' ') : err.message || err.code }));
      }
    },
  });
  const busy = upload.isPending;
  const [deleting, setDeleting] = useState<ResidentFile | null>(null);
  const remove = useAppMutation({
    mutationFn: deleteResidentFile,
    invalidates: [[...residentsKey, 'files', residentId]],
    success: 'residents.done.fileDeleted',
    onSettled: () => setDeleting(null),
  });

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    const wrong = chosen.filter((f) => !isAcceptedUpload(f));
    if (wrong.length > 0) {
      setProblem(t('files.upload.invalidType', { names: wrong.map((f) => f.name).join(', ') }));
      return;
    }
    if (chosen.length > ResidentFilesMax) {
      setProblem(t('residents.files.tooMany', { max: ResidentFilesMax }));
      return;
    }
    setProblem(null);
    upload.mutate(chosen);
  };

  const records = files.data ?? [];
  return (
    <div data-testid={testId}>
      {editable ? (
        <div className="hearth-files-bar">
          {category === undefined ? (
            <Select
              aria-label={t('residents.files.category')}
              value={uploadCategory}
              data-testid="upload-category"
              onChange={(e) => setUploadCategory(e.currentTarget.value)}
              options={codesOf(FILE_CATEGORY_KEYS).map((c) => ({ value: c, label: labelOf(t, FILE_CATEGORY_KEYS, c) }))}
            />
          ) : null}
          <input
            ref={input}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            hidden
            data-testid="resident-file-input"
            onChange={(e) => choose(e.currentTarget.files)}
          />
          <Button intent={Intent.PRIMARY} icon={<UploadIcon />} loading={busy} onClick={() => input.current?.click()} data-testid="resident-upload">
            {t('residents.files.upload')}
          </Button>
          <span className="hearth-muted">{t('residents.files.rules', { max: ResidentFilesMax })}</span>
        </div>
      ) : null}
      {problem ? (
        <Callout intent={Intent.DANGER} compact className="hearth-gap-bottom" data-testid="upload-problem">
          {problem}
        </Callout>
      ) : null}
      {files.isPending ? (
        <Spinner size={24} />
      ) : records.length === 0 ? (
        <EmptyState icon={<DocumentIcon size={32} />} title={t('residents.files.empty')} />
      ) : (
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
          <HTMLTable striped style={{ minWidth: 640, width: '100%' }}>
            <thead>
              <tr>
                <th>{t('residents.files.name')}</th>
                <th>{t('residents.files.category')}</th>
                <th>{t('residents.files.uploader')}</th>
                <th>{t('residents.files.date')}</th>
                <th>{t('residents.files.size')}</th>
                {editable ? <th>{t('residents.files.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {records.map((f) => {
                const image = f.contentType?.startsWith('image/') || ['png', 'jpg', 'jpeg'].includes(f.suffix);
                return (
                  <tr key={f.fileId} data-testid="resident-file-row">
                    <td>
                      <Button
                        variant="minimal"
                        size="small"
                        className="hearth-link-button"
                        icon={image ? <MediaIcon /> : <DocumentIcon />}
                        aria-label={t('residents.files.open', { name: f.name })}
                        onClick={() => openFilePreview(f.fileId)}
                      >
                        {f.name}
                      </Button>
                    </td>
                    <td>
                      <Tag minimal>{labelOf(t, FILE_CATEGORY_KEYS, f.category)}</Tag>
                    </td>
                    <td>{f.uploaderName}</td>
                    <td className="hearth-cell-nowrap">{formatDateTime(f.createTime, zone, language)}</td>
                    <td className="hearth-cell-nowrap" data-testid="resident-file-size">
                      {formatFileSize(f.size)}
                    </td>
                    {editable ? (
                      <td>
                        <Button
                          variant="minimal"
                          size="small"
                          intent={Intent.DANGER}
                          icon={<TrashIcon />}
                          aria-label={t('residents.files.deleteNamed', { name: f.name })}
                          title={t('residents.files.delete')}
                          data-testid="resident-file-delete"
                          onClick={() => setDeleting(f)}
                        />
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon={<TrashIcon />}
        confirmButtonText={t('residents.files.delete')}
        cancelButtonText={t('common.action.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ residentId, fileId: deleting.fileId })}
      >
        <p data-testid="file-delete-confirm">{t('residents.files.deleteConfirm', { name: deleting?.name ?? '' })}</p>
      </Alert>
    </div>
  );
}
