import { describe, expect, it, vi } from 'vitest';
import type { BatchSaveProgressNotesRequest, ProgressNote } from '@/types/api.gen';
import { fakeServer, invalid, refuse, renderScreen, screen, within } from '@/test/render';
import { NoteFormDialog } from './NoteFormDialog';

function note(part: Partial<ProgressNote> = {}): ProgressNote {
  return {
    noteId: 'note-1', residentId: 'r-ruth', residentName: 'Ruth Baker', reportDate: Date.now(), notes: 'Called her daughter about Sunday.',
    noteType: 'FAMILY_COMMUNICATION', language: 'en-US', englishNotes: '', authorId: 'user-1', authorName: 'Grace Kim', automatic: false,
    createdAt: Date.now(), updatedAt: Date.now(), editableUntil: Date.now() + 86_400_000, editable: true, read: true, addenda: [], ...part,
  };
}

async function open(props: { note?: ProgressNote } = {}, language: 'en-US' | 'es-ES' = 'en-US') {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const s = await renderScreen(<NoteFormDialog residentId="r-ruth" note={props.note} onClose={onClose} onSaved={onSaved} />, {
    route: '/resident/detail?residentId=r-ruth&tab=notes',
    strings: ['carerecord'],
    language,
  });
  const dialog = await screen.findByRole('dialog');
  return { ...s, dialog, onSaved, onClose };
}

describe('the progress note editor', () => {
  it('adds a note of a type for the resident', async () => {
    const api = fakeServer().on('POST', '/care/progressNote/batchSave', (call) => ({
      notes: (call.body as BatchSaveProgressNotesRequest).notes.map((n) => note({ noteType: n.noteType, notes: n.notes })),
    }));
    const { user, dialog, onSaved } = await open();

    expect(within(dialog).getByRole('heading', { name: 'Add a progress note' })).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Note type' }), 'Family communication');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Called her daughter about Sunday.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await screen.findByText('Note added')).toBeTruthy();
    const body = api.lastBody<BatchSaveProgressNotesRequest>('/care/progressNote/batchSave');
    expect(body.notes).toEqual([{ clientId: expect.any(String), residentId: 'r-ruth', noteType: 'FAMILY_COMMUNICATION', notes: 'Called her daughter about Sunday.' }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ noteId: 'note-1', noteType: 'FAMILY_COMMUNICATION' }));
  });

  it('marks the type and the words as required and sends nothing', async () => {
    const api = fakeServer();
    const { user, dialog } = await open();

    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(within(dialog).getByRole('combobox', { name: 'Note type', description: 'Required.' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Note', description: 'Required.' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a refused note’s message under its words (4022 on notes[0].notes)', async () => {
    fakeServer().on('POST', '/care/progressNote/batchSave', invalid({ 'notes[0].notes': 'Note: must not contain control characters.' }));
    const { user, dialog, onSaved } = await open();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Note type' }), 'Other');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Fell asleep early');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await within(dialog).findByRole('textbox', { name: 'Note', description: 'Note: must not contain control characters.' })).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits the author’s note, and says why when its 24 hours are over (4009)', async () => {
    const api = fakeServer().on('POST', '/care/progressNote/update', refuse('4009', 'A note can only be edited within 24 hours: add an addendum.'));
    const { user, dialog, onSaved } = await open({ note: note() });

    expect(within(dialog).getByRole('heading', { name: 'Edit the progress note' })).toBeTruthy();
    const words = within(dialog).getByRole('textbox', { name: 'Note' });
    expect((words as HTMLTextAreaElement).value).toBe('Called her daughter about Sunday.');
    await user.type(words, ' She will visit.');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('A note can only be edited within 24 hours: add an addendum.');
    expect(await screen.findByText('Operation failed: A note can only be edited within 24 hours: add an addendum.')).toBeTruthy();
    expect(api.lastBody('/care/progressNote/update')).toEqual({ noteId: 'note-1', noteType: 'FAMILY_COMMUNICATION', notes: 'Called her daughter about Sunday. She will visit.' });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('reads in Spanish', async () => {
    fakeServer();
    const { dialog } = await open({}, 'es-ES');
    expect(within(dialog).getByRole('heading', { name: 'Añadir una nota de evolución' })).toBeTruthy();
  });
});
