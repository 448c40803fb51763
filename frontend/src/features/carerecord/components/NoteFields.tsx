import { TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ProgressNoteTextMax } from '@/types/api.gen';
import { Select } from '@/components/Select';
import { FormField } from '@/lib/form/FormField';
import { NOTE_TYPE_KEYS, NOTE_TYPES } from '../labels';
import type { NoteDraft } from '../recordRules';

interface NoteFieldsProps {
  id: string;
  draft: NoteDraft;
  onChange: (key: keyof NoteDraft, value: string) => void;
  errors: Partial<Record<keyof NoteDraft, string | undefined>>;
  rows?: number;
  /** A card that may stay empty (the end-of-shift cards): no "required" marks; a card begun is still checked. */
  optional?: boolean;
}

/** A note's type (the 19 types) and its words, as the note dialog and each end-of-shift card ask them. */
export function NoteFields({ id, draft, onChange, errors, rows = 4, optional = false }: NoteFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField id={`${id}-type`} label={t('carerecord.note.type')} required={!optional} error={errors.noteType}>
        <Select
          id={`${id}-type`}
          fill
          required={!optional}
          value={draft.noteType}
          onChange={(e) => onChange('noteType', e.currentTarget.value)}
          aria-invalid={errors.noteType ? true : undefined}
          aria-describedby={errors.noteType ? `${id}-type-error` : undefined}
          data-testid={`${id}-type`}
        >
          <option value="">{t('carerecord.note.chooseType')}</option>
          {NOTE_TYPES.map((k) => (
            <option key={k} value={k}>
              {t(NOTE_TYPE_KEYS[k as keyof typeof NOTE_TYPE_KEYS])}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id={`${id}-text`} label={t('carerecord.note.text')} required={!optional} error={errors.notes}>
        <TextArea
          id={`${id}-text`}
          fill
          required={!optional}
          rows={rows}
          maxLength={ProgressNoteTextMax}
          value={draft.notes}
          onChange={(e) => onChange('notes', e.currentTarget.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? `${id}-text-error` : undefined}
          data-testid={`${id}-text`}
        />
      </FormField>
    </>
  );
}
