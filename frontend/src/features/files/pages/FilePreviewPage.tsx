import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { DocumentIcon, DownloadIcon, ErrorIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api/client';
import { useAppMutation } from '@/lib/api/mutation';
import { downloadByPath } from '@/lib/files/api/downloadByPath';
import { previewKind } from '@/lib/files/fileTypes';
import { saveBlob } from '@/lib/files/preview';

function messageOf(err: unknown): string {
  return isApiError(err) ? err.message || err.code : String(err);
}

/**
 * The file's bytes as a blob: URL. The page shows one file in its own window, so the URL lives as long as
 * the window does (the browser releases it with the document).
 */
function useBlobUrl(blob: Blob | undefined): string | undefined {
  return useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
}

/**
 * A PDF in a frame. The frame shows a blob: URL, which the page's Content-Security-Policy must allow
 * (frame-src blob:); when the browser refuses it, the page says so and offers the download instead.
 */
function PdfFrame({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.blockedURI.startsWith('blob') && /frame-src|child-src|default-src/.test(e.effectiveDirective)) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);
  if (blocked) {
    return (
      <EmptyState
        icon={<DocumentIcon size={48} />}
        title={t('files.preview.pdfBlocked')}
        description={t('files.preview.pdfBlockedHint')}
        className="hearth-preview-blocked"
      />
    );
  }
  return <iframe className="hearth-preview-frame" src={url} title={title} data-testid="preview-pdf" />;
}

/**
 * The file preview page (spec 000 §2 "Other screens"): /{fileId}?preview=1 in a new window. It fetches the
 * file with the signed-in client, shows a PDF or an image, and offers the download.
 */
export default function FilePreviewPage({ fileId }: { fileId: string }) {
  const { t } = useTranslation();
  const file = useQuery({
    queryKey: ['system', 'files', 'preview', fileId],
    queryFn: () => downloadByPath({ path: fileId, fileName: '', preview: true }),
    staleTime: Infinity,
    gcTime: 0,
  });
  const url = useBlobUrl(file.data?.blob);
  const download = useAppMutation({
    mutationFn: () => downloadByPath({ path: fileId, fileName: file.data?.fileName ?? '', preview: false }),
    onSuccess: (saved) => saveBlob(saved.blob, saved.fileName || file.data?.fileName || fileId),
  });
  const downloadError = download.error ? t('files.download.failed', { msg: messageOf(download.error) }) : null;
  const name = file.data?.fileName || t('files.preview.untitled');

  useEffect(() => {
    if (file.data) document.title = `${file.data.fileName || fileId} · ${t('app.brand.name')}`;
  }, [file.data, fileId, t]);

  const kind = file.data ? previewKind(file.data.contentType) : 'none';
  return (
    <div className="hearth-preview">
      <header className="hearth-preview-bar">
        <span className="hearth-preview-name" data-testid="preview-name">
          {file.data ? name : t('files.preview.title')}
        </span>
        <Button
          intent={Intent.PRIMARY}
          icon={<DownloadIcon />}
          loading={download.isPending}
          disabled={!file.data}
          onClick={() => download.mutate()}
        >
          {t('files.preview.download')}
        </Button>
      </header>
      {downloadError ? (
        <Callout intent={Intent.DANGER} compact>
          {downloadError}
        </Callout>
      ) : null}
      <main className="hearth-preview-body">
        {file.isPending ? (
          <Spinner size={40} />
        ) : file.isError ? (
          <EmptyState
            icon={<ErrorIcon size={48} />}
            title={t('files.preview.failed')}
            description={messageOf(file.error)}
            data-testid="preview-error"
          />
        ) : !url ? (
          <Spinner size={40} />
        ) : kind === 'pdf' ? (
          <PdfFrame url={url} title={name} />
        ) : kind === 'image' ? (
          <img className="hearth-preview-image" src={url} alt={name} data-testid="preview-image" />
        ) : (
          <EmptyState icon={<DocumentIcon size={48} />} title={t('files.preview.unsupported')} />
        )}
      </main>
    </div>
  );
}
