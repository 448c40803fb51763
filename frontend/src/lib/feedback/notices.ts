import { create } from 'zustand';

/** A dialog raised from outside React (the API client), shown by the app's NoticeHost. */
export type Notice =
  | { kind: 'subscription'; code: string; message: string }
  | { kind: 'menu-failed' };

interface NoticeState {
  notice: Notice | null;
}

export const useNoticeStore = create<NoticeState>(() => ({ notice: null }));

/** Shows a notice unless one is already open: a burst of failing calls raises one dialog, not ten. */
export function raiseNotice(notice: Notice): void {
  if (useNoticeStore.getState().notice === null) {
    useNoticeStore.setState({ notice });
  }
}

export function dismissNotice(): void {
  useNoticeStore.setState({ notice: null });
}
