/**
 * Query keys of the chat calls. The chat list (chatsKey) is refetched when a message, a chat change or an
 * unread count arrives on the socket; a conversation's messages (messagesKey(chatId)) are kept by the
 * socket's pushes and recalls (chatEvents.ts).
 */
export const imKey = ['im'] as const;
export const chatsKey = [...imKey, 'chats'] as const;
export const contactsKey = [...imKey, 'contacts'] as const;
export const imDashboardKey = [...imKey, 'dashboard'] as const;
export const messagesKey = (chatId: string) => [...imKey, 'messages', chatId] as const;
export const translationKey = (messageId: string) => [...imKey, 'translation', messageId] as const;
