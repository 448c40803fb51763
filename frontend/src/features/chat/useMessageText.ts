import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageKind } from '@/types/api.gen';
import {
  MessageAudio,
  MessageFile,
  MessageForwardEach,
  MessageForwardMerge,
  MessageImage,
  MessageVideo,
} from '@/types/api.gen';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { useFacilityViewer } from '@/lib/session/viewer';
import { fileDetails, isKeyMessage, keyParams } from './messageRules';

type Shown = Pick<Message, 'messageType' | 'content' | 'extra' | 'format' | 'recalled' | 'senderName'>;

/**
 * Words for messages in the reader's language: Hearth's notes from their key and params (chat.system.*,
 * chat.event.*; shared/im.go), and the one-line preview of any message (the chat list, quotes, forwards).
 */
export function useMessageText() {
  const { t, i18n } = useTranslation();
  const viewer = useFacilityViewer();
  const lang = i18n.language;

  const keyText = useCallback(
    (m: Pick<Message, 'content' | 'extra'>): string => {
      const params = keyParams(
        m,
        (ms) => formatDateTime(ms, viewer.zoneCode, lang),
        (day) => formatCalendarDate(day, lang),
      );
      if (!m.content.startsWith('chat.') || !i18n.exists(m.content)) return t('chat.system.unknown');
      return String(t(m.content as never, { ...params, interpolation: { escapeValue: false } } as never));
    },
    [t, i18n, lang, viewer.zoneCode],
  );

  const kindLabel = useCallback(
    (kind: MessageKind, m: Pick<Message, 'content' | 'extra'>): string | undefined => {
      switch (kind) {
        case MessageImage:
          return t('chat.preview.image');
        case MessageAudio:
          return t('chat.preview.audio');
        case MessageVideo:
          return t('chat.preview.video', { name: fileDetails(m).name });
        case MessageFile:
          return t('chat.preview.file', { name: fileDetails(m).name });
        case MessageForwardMerge:
          return t('chat.preview.history');
        default:
          return undefined;
      }
    },
    [t],
  );

  /** One line for a message: its text, or what it is ([Picture], [File] name, a note's sentence). */
  const preview = useCallback(
    (m: Shown): string => {
      if (m.recalled) return t('chat.message.recalledBy', { name: m.senderName || t('chat.message.someone') });
      if (isKeyMessage(m)) return keyText(m);
      const label = kindLabel(m.messageType, m);
      if (label) return label;
      if (m.messageType === MessageForwardEach) return m.content || t('chat.preview.forwarded');
      return m.content;
    },
    [t, keyText, kindLabel],
  );

  return { keyText, preview, kindLabel };
}
