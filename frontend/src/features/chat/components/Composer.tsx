import { useEffect, useRef, useState } from 'react';
import { Button, TextArea } from '@blueprintjs/core';
import { CrossIcon, MicrophoneIcon, PaperclipIcon, SendMessageIcon, StopIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Message, MessageKind, MessagePushRequest } from '@/types/api.gen';
import { ChatTextMax, ChatUploadMaxMB, MessageAudio, MessageText } from '@/types/api.gen';
import { useAppMutation } from '@/lib/api/mutation';
import { toast } from '@/lib/feedback/toast';
import { uploadChatFile } from '../api/messages';
import { newTrackId, sendChatMessage } from '../socket/connection';
import { clipExtension, MAX_CLIP_SECONDS, startRecording, type Recording } from '../recorder';
import { useMessageText } from '../useMessageText';

/** A picture, file or voice clip on its way: what the message will say about it, and the reply it answers. */
interface Attachment {
  file: Blob;
  name: string;
  extra: Record<string, unknown>;
  kind?: MessageKind;
  refer: Pick<MessagePushRequest, 'referMessageId'>;
  referContent: string | undefined;
}

/**
 * Writing a message: text (Enter sends, Shift+Enter breaks the line; blank text is not sent, spec 000 §5),
 * a picture or file, or a voice clip recorded here; a reply quotes the message it answers. Everything goes
 * through the outbox, so it waits while the chat is offline and is sent once.
 */
export function Composer({ chatId, replyTo, onReplyDone }: { chatId: string; replyTo: Message | null; onReplyDone: () => void }) {
  const { t } = useTranslation();
  const { preview } = useMessageText();
  const [text, setText] = useState('');
  const [recording, setRecording] = useState<Recording | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => () => recording?.cancel(), [recording]);
  // A clip stops by itself at its longest.
  useEffect(() => {
    if (!recording) return undefined;
    const timer = setTimeout(() => void finishRecording(), MAX_CLIP_SECONDS * 1000);
    return () => clearTimeout(timer);
  });
  useEffect(() => {
    if (replyTo) area.current?.focus();
  }, [replyTo]);

  const refer = replyTo ? { referMessageId: replyTo.id } : {};
  const referContent = replyTo ? preview(replyTo) : undefined;

  const sendText = () => {
    const content = text.trim();
    if (!content) return;
    sendChatMessage({ chatId, trackId: newTrackId(), messageType: MessageText, content, ...refer }, { referContent });
    setText('');
    onReplyDone();
  };

  // The file is uploaded like every other write (a failure is said by the client); once stored, its message
  // goes through the outbox. The reply it answers is the one chosen when the file was.
  const upload = useAppMutation({
    mutationFn: (a: Attachment) => uploadChatFile(chatId, a.file, a.name, a.kind),
    onSuccess: (up, a) => {
      const details = { name: up.originName || a.name, size: up.size, contentType: up.contentType, width: up.width, height: up.height, ...a.extra };
      sendChatMessage(
        { chatId, trackId: newTrackId(), messageType: a.kind ?? up.messageType, content: up.fileName, extra: JSON.stringify(details), ...a.refer },
        { preview: URL.createObjectURL(a.file), referContent: a.referContent },
      );
      onReplyDone();
    },
  });
  const uploading = upload.isPending;

  const sendFile = (file: Blob, name: string, extra: Record<string, unknown> = {}, kind?: MessageKind) => {
    if (file.size > ChatUploadMaxMB * 1024 * 1024) {
      toast.warning(t('chat.compose.tooLarge', { mb: ChatUploadMaxMB }));
      return;
    }
    upload.mutate({ file, name, extra, kind, refer, referContent });
  };

  async function finishRecording() {
    if (!recording) return;
    const r = recording;
    const stopped = r.stop();
    setRecording(null);
    const clip = await stopped;
    if (clip.blob.size === 0) return;
    sendFile(clip.blob, `voice-${Date.now()}.${clipExtension(clip.mimeType)}`, { durationMs: clip.durationMs }, MessageAudio);
  }

  const record = async () => {
    try {
      setRecording(await startRecording());
    } catch {
      toast.warning(t('chat.compose.noMicrophone'));
    }
  };

  return (
    <div className="hearth-chat-composer">
      {replyTo ? (
        <div className="hearth-chat-replying" data-testid="chat-replying">
          <span>{t('chat.compose.replyingTo', { quote: `${replyTo.senderName}: ${referContent}` })}</span>
          <Button size="small" variant="minimal" icon={<CrossIcon />} aria-label={t('chat.compose.cancelReply')} onClick={onReplyDone} />
        </div>
      ) : null}
      <div className="hearth-chat-compose-row">
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="chat-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) sendFile(file, file.name);
          }}
        />
        <Button
          variant="minimal"
          icon={<PaperclipIcon />}
          aria-label={t('chat.compose.attach')}
          title={t('chat.compose.attach')}
          loading={uploading}
          disabled={!!recording}
          onClick={() => fileInput.current?.click()}
        />
        {recording ? (
          <Button intent="danger" icon={<StopIcon />} onClick={() => void finishRecording()} data-testid="chat-record-stop">
            {t('chat.compose.stopRecording')}
          </Button>
        ) : (
          <Button variant="minimal" icon={<MicrophoneIcon />} aria-label={t('chat.compose.record')} title={t('chat.compose.record')} disabled={uploading} onClick={() => void record()} />
        )}
        <TextArea
          inputRef={area}
          className="hearth-chat-input"
          aria-label={t('chat.compose.label')}
          placeholder={t('chat.compose.placeholder')}
          value={text}
          maxLength={ChatTextMax}
          rows={1}
          autoResize
          disabled={!!recording}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              sendText();
            }
          }}
          data-testid="chat-input"
        />
        <Button intent="primary" icon={<SendMessageIcon />} disabled={!text.trim() || !!recording} onClick={sendText} aria-label={t('chat.compose.send')} data-testid="chat-send">
          {t('chat.compose.send')}
        </Button>
      </div>
    </div>
  );
}
