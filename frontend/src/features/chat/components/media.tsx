import { useState } from 'react';
import { Button, Classes, Spinner } from '@blueprintjs/core';
import { DocumentIcon, DownloadIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChatLargeHeight, ChatLargeWidth, ChatThumbHeight, ChatThumbWidth } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { formatFileSize } from '@/lib/files/fileSize';
import { saveBlob } from '@/lib/files/preview';
import { downloadChatFile, type ImageSize } from '../api/messages';
import { imKey } from '../api/keys';
import type { FileDetails } from '../messageRules';

/** A chat file's bytes as a blob: address, fetched through the signed client once per size. */
function useChatFileUrl(fileName: string, size?: ImageSize, enabled = true) {
  return useQuery({
    queryKey: [...imKey, 'file', fileName, size ?? 'original'],
    queryFn: ({ signal }) => downloadChatFile(fileName, size, signal).then((f) => URL.createObjectURL(f.blob)),
    enabled: enabled && fileName !== '',
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: 1,
  });
}

/** A picture: its thumbnail (250×150) in the bubble; a tap opens the large one (1280×800). */
export function ChatImage({ fileName, details, localPreview }: { fileName: string; details: FileDetails; localPreview?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const thumb = useChatFileUrl(fileName, 'thumb', !localPreview);
  const large = useChatFileUrl(fileName, 'large', open);
  const src = localPreview ?? thumb.data;
  const alt = t('chat.media.image', { name: details.name });
  return (
    <>
      <button type="button" className="hearth-chat-thumb" onClick={() => setOpen(true)} disabled={!fileName} aria-label={t('chat.media.openImage', { name: details.name })}>
        {src ? (
          <img src={src} alt={alt} style={{ maxWidth: ChatThumbWidth, maxHeight: ChatThumbHeight }} data-testid="chat-thumb" />
        ) : thumb.isError ? (
          <span className={Classes.TEXT_MUTED}>{t('chat.media.unavailable')}</span>
        ) : (
          <Spinner size={20} />
        )}
      </button>
      {open ? (
        <AppDialog title={details.name} onClose={() => setOpen(false)} className="hearth-chat-preview-dialog">
          <div className={Classes.DIALOG_BODY}>
            {large.data ? (
              <img src={large.data} alt={alt} style={{ maxWidth: `min(100%, ${ChatLargeWidth}px)`, maxHeight: ChatLargeHeight }} data-testid="chat-large" />
            ) : large.isError ? (
              <p>{t('chat.media.unavailable')}</p>
            ) : (
              <Spinner size={32} />
            )}
          </div>
        </AppDialog>
      ) : null}
    </>
  );
}

/** An audio clip, played in the page. */
export function ChatAudio({ fileName, details, localPreview }: { fileName: string; details: FileDetails; localPreview?: string }) {
  const { t } = useTranslation();
  const clip = useChatFileUrl(fileName, undefined, !localPreview);
  const src = localPreview ?? clip.data;
  const seconds = details.durationMs ? Math.round(details.durationMs / 1000) : undefined;
  return (
    <span className="hearth-chat-audio">
      {src ? (
        <audio controls src={src} preload="metadata" aria-label={t('chat.media.audio', { seconds: seconds ?? 0 })} data-testid="chat-audio" />
      ) : clip.isError ? (
        <span className={Classes.TEXT_MUTED}>{t('chat.media.unavailable')}</span>
      ) : (
        <Spinner size={20} />
      )}
      {seconds !== undefined ? <span className="hearth-chat-meta">{t('chat.media.seconds', { seconds })}</span> : null}
    </span>
  );
}

/** A file (or a video): its name and size, downloaded on request. */
export function ChatFile({ fileName, details }: { fileName: string; details: FileDetails }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadChatFile(fileName)
      .then((f) => saveBlob(f.blob, details.name || f.fileName))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <span className="hearth-chat-file">
      <DocumentIcon />
      <span className="hearth-chat-file-name">{details.name}</span>
      {details.size !== undefined ? <span className="hearth-chat-meta">{formatFileSize(details.size)}</span> : null}
      {fileName ? (
        <Button size="small" variant="minimal" icon={<DownloadIcon />} loading={busy} onClick={download} aria-label={t('chat.media.download', { name: details.name })} />
      ) : null}
    </span>
  );
}
