import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AddAddendumRequest,
  BatchSaveProgressNotesRequest,
  BatchSaveProgressNotesResult,
  MarkAllReadResult,
  Page,
  PageRequest,
  ProgressNote,
  ProgressNoteFilter,
  UnreadCount,
  UpdateProgressNoteRequest,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { notesKey, unreadKey } from './keys';

/** POST /api/care/progressNote/listProgressNoteByPage: notes by report date, newest first. */
export function listNotes(req: PageRequest<ProgressNoteFilter>, signal?: AbortSignal): Promise<Page<ProgressNote>> {
  return api
    .post<Page<ProgressNote> | null>('/care/progressNote/listProgressNoteByPage', req, { signal })
    .then((p) => p ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useNotes(req: PageRequest<ProgressNoteFilter>) {
  return useQuery({ queryKey: [...notesKey, 'list', req], queryFn: ({ signal }) => listNotes(req, signal), placeholderData: keepPreviousData });
}

/** GET /api/care/progressNote/getProgressNoteById: the note, marked read for the caller. */
export function getNote(noteId: string, signal?: AbortSignal): Promise<ProgressNote> {
  return api.get<ProgressNote>('/care/progressNote/getProgressNoteById', { query: { noteId }, signal });
}

export function useNote(noteId: string, initial: ProgressNote) {
  return useQuery({ queryKey: [...notesKey, 'one', noteId], queryFn: ({ signal }) => getNote(noteId, signal), placeholderData: initial });
}

/** GET /api/care/progressNote/countUnReadProgressNote: notes others wrote that the caller has not opened (one resident's, or all). */
export function countUnread(residentId: string | undefined, signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('/care/progressNote/countUnReadProgressNote', { query: { residentId }, signal, quiet: true });
}

export function useUnreadCount(residentId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [...unreadKey, residentId ?? ''],
    queryFn: ({ signal }) => countUnread(residentId, signal),
    enabled,
    refetchInterval: 60_000,
  });
}

/** POST /api/care/progressNote/batchSave: several residents' notes, all stored or none. */
export function batchSave(req: BatchSaveProgressNotesRequest): Promise<BatchSaveProgressNotesResult> {
  return api.post<BatchSaveProgressNotesResult>('/care/progressNote/batchSave', req, { handles: ['4022'] });
}

/** POST /api/care/progressNote/update: the author's edit within 24 hours. */
export function updateNote(req: UpdateProgressNoteRequest): Promise<ProgressNote> {
  return api.post<ProgressNote>('/care/progressNote/update', req);
}

/** POST /api/care/progressNote/addAddendum: a correction or addition, the note left as written. */
export function addAddendum(req: AddAddendumRequest): Promise<ProgressNote> {
  return api.post<ProgressNote>('/care/progressNote/addAddendum', req);
}

/** POST /api/care/progressNote/markAllRead: every note of the resident (or of all) marked read for the caller. */
export function markAllRead(residentId: string): Promise<MarkAllReadResult> {
  return api.post<MarkAllReadResult>('/care/progressNote/markAllRead', { residentId });
}
