import { Button } from '@blueprintjs/core';
import { CrossIcon, DocumentIcon, MediaIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FileItem } from '@/types/api.gen';
import { formatFileSize } from '@/lib/files/fileSize';
import { openFilePreview } from '@/lib/files/preview';

interface AttachmentListProps {
  files: readonly Pick<FileItem, 'fileId' | 'name' | 'size' | 'contentType' | 'suffix'>[];
  /** When given, each file has a remove button. */
  onRemove?: (fileId: string) => void;
}

/** Attached files with their sizes; each opens the file preview page in a new window. */
export function AttachmentList({ files, onRemove }: AttachmentListProps) {
  const { t } = useTranslation();
  if (files.length === 0) return <p className="hearth-muted">{t('tickets.files.none')}</p>;
  return (
    <ul className="hearth-attachments" data-testid="attachments">
      {files.map((f) => {
        const image = f.contentType?.startsWith('image/') || ['png', 'jpg', 'jpeg'].includes(f.suffix);
        return (
          <li key={f.fileId}>
            <Button
              variant="minimal"
              size="small"
              icon={image ? <MediaIcon /> : <DocumentIcon />}
              title={t('tickets.files.open')}
              onClick={() => openFilePreview(f.fileId)}
            >
              {f.name}
            </Button>
            <span className="hearth-muted hearth-file-size">{formatFileSize(f.size)}</span>
            {onRemove ? (
              <Button
                variant="minimal"
                size="small"
                icon={<CrossIcon />}
                aria-label={t('tickets.files.remove', { name: f.name })}
                title={t('tickets.files.remove', { name: f.name })}
                onClick={() => onRemove(f.fileId)}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
