// A note a host page puts beside some fields of a form it did not write (smart setup: where the move-in
// wizard's prefilled values were read), by the field's id; FormField shows it under the field's label.
import { createContext, useContext, type ReactNode } from 'react';

export type FieldNoteOf = (fieldId: string) => ReactNode;

export const FieldNotesContext = createContext<FieldNoteOf | null>(null);

/** The note for a field, if the page has one. */
export function useFieldNote(fieldId: string): ReactNode {
  return useContext(FieldNotesContext)?.(fieldId) ?? null;
}
