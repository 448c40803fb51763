import { useState } from 'react';
import { Button, Checkbox, Intent, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { AddIcon, DocumentIcon, EyeOpenIcon, PrintIcon, TickIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ProgressNote, ProgressNoteFilter } from '@/types/api.gen';
import { DateInput } from '@/components/DateInput';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { careLabel } from '@/lib/care/taskLabels';
import { FormField } from '@/lib/form/FormField';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { zonedDate } from '@/lib/time/zone';
import { markAllRead, useNotes, useUnreadCount } from '../api/notes';
import { notesKey } from '../api/keys';
import { rangeProblem } from '../chartData';
import { NOTE_TYPE_KEYS, NOTE_TYPES } from '../labels';
import { NoteDialog } from './NoteDialog';
import { NoteFormDialog } from './NoteFormDialog';
import { PrintDialog } from './PrintDialog';
import '../carerecord.css';

const PAGE_SIZES = [10, 20, 50] as const;

interface ProgressNotesTabProps {
  residentId: string;
  residentName: string;
  zoneCode: string | undefined;
  zone: string | undefined;
  /** The resident takes new notes (not moved out or deceased). */
  writable: boolean;
}

type Dialog = { kind: 'view'; note: ProgressNote } | { kind: 'form'; note?: ProgressNote } | { kind: 'print' };

interface Filter {
  noteType: string;
  startDate: string;
  endDate: string;
  unread: boolean;
}

const NO_FILTER: Filter = { noteType: '', startDate: '', endDate: '', unread: false };

function sent(residentId: string, f: Filter): ProgressNoteFilter {
  const out: ProgressNoteFilter = { residentId };
  if (f.noteType) out.noteType = f.noteType;
  // A range is sent once it reads as one (start not after end), else the dates wait.
  if (f.startDate && (!f.endDate || !rangeProblem(f.startDate, f.endDate))) out.startDate = f.startDate;
  if (f.endDate && (!f.startDate || !rangeProblem(f.startDate, f.endDate))) out.endDate = f.endDate;
  if (f.unread) out.unread = true;
  return out;
}

/**
 * The profile's "Progress notes" tab (spec 000 §2, §3): the resident's notes, newest first, filtered by type,
 * dates and unread; an unread note is marked, and opening one reads it. Add note, Mark all read and the PDF
 * export with its print range.
 */
export function ProgressNotesTab({ residentId, residentName, zoneCode, zone, writable }: ProgressNotesTabProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = useNotes({ ...paging, data: sent(residentId, filter) });
  const unread = useUnreadCount(residentId);
  const unreadCount = unread.data?.count ?? 0;
  const allRead = useAppMutation({ mutationFn: () => markAllRead(residentId), invalidates: [notesKey], success: 'carerecord.done.allRead' });
  const change = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const badRange = filter.startDate && filter.endDate ? rangeProblem(filter.startDate, filter.endDate) : undefined;
  const records = list.data?.records ?? [];
  const now = useNow(60_000);
  const today = zonedDate(now, zone);

  return (
    <div data-testid="notes-tab">
      <div className="hearth-record-toolbar">
        <span className="hearth-muted" data-testid="notes-unread-count" data-count={unreadCount}>
          {t('carerecord.notes.unreadCount', { count: unreadCount })}
        </span>
        <span className="hearth-record-toolbar-buttons">
          {unreadCount > 0 ? (
            <Button icon={<TickIcon />} loading={allRead.isPending} onClick={() => allRead.mutate()} data-testid="notes-mark-all-read">
              {t('carerecord.notes.markAllRead')}
            </Button>
          ) : null}
          <Button icon={<PrintIcon />} onClick={() => setDialog({ kind: 'print' })} data-testid="notes-print">
            {t('carerecord.print.open')}
          </Button>
          {writable ? (
            <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setDialog({ kind: 'form' })} data-testid="notes-add">
              {t('carerecord.notes.add')}
            </Button>
          ) : null}
        </span>
      </div>

      <div className="hearth-record-filters" role="search" aria-label={t('carerecord.notes.filters')}>
        <FormField id="notes-filter-type" label={t('carerecord.note.type')}>
          <Select id="notes-filter-type" fill value={filter.noteType} onChange={(e) => change({ noteType: e.currentTarget.value })} data-testid="notes-filter-type">
            <option value="">{t('carerecord.notes.allTypes')}</option>
            {NOTE_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(NOTE_TYPE_KEYS[k as keyof typeof NOTE_TYPE_KEYS])}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="notes-filter-start" label={t('carerecord.filter.from')}>
          <DateInput id="notes-filter-start" value={filter.startDate} max={today} onChange={(v) => change({ startDate: v })} />
        </FormField>
        <FormField id="notes-filter-end" label={t('carerecord.filter.to')} error={badRange === 'startAfterEnd' || badRange === 'tooLong' ? t(`carerecord.rule.range.${badRange}`) : undefined}>
          <DateInput id="notes-filter-end" value={filter.endDate} max={today} onChange={(v) => change({ endDate: v })} />
        </FormField>
        <Checkbox
          className="hearth-record-check"
          checked={filter.unread}
          label={t('carerecord.notes.unreadOnly')}
          onChange={(e) => change({ unread: e.currentTarget.checked })}
          data-testid="notes-filter-unread"
        />
        <Button variant="minimal" onClick={() => change(NO_FILTER)}>
          {t('carerecord.filter.reset')}
        </Button>
      </div>

      <QueryErrorBanner query={list} />
      {list.isPending ? <Spinner size={24} /> : null}
      {list.data && records.length === 0 ? <EmptyState icon={<DocumentIcon />} title={t('carerecord.notes.empty')} /> : null}
      <ul className="hearth-note-list" aria-label={t('carerecord.tab.notes')}>
        {records.map((n) => (
          <li key={n.noteId} className={n.read ? 'hearth-note' : 'hearth-note hearth-note-unread'} data-testid="note-row" data-note-id={n.noteId} data-read={n.read}>
            <div className="hearth-note-head">
              {n.read ? null : (
                <Tag intent={Intent.PRIMARY} round data-testid="note-unread">
                  {t('carerecord.notes.unread')}
                </Tag>
              )}
              <Tag minimal>{careLabel(t, NOTE_TYPE_KEYS, n.noteType)}</Tag>
              <span className="hearth-muted">
                {formatDateTime(n.reportDate, zoneCode, language)} · {n.automatic ? t('carerecord.note.automatic') : n.authorName}
              </span>
            </div>
            <p className="hearth-note-snippet" lang={n.language || undefined}>
              {n.notes}
            </p>
            {n.addenda?.length ? <span className="hearth-muted">{t('carerecord.notes.addenda', { count: n.addenda.length })}</span> : null}
            <Button size="small" icon={<EyeOpenIcon />} onClick={() => setDialog({ kind: 'view', note: n })} data-testid="note-open">
              {t('carerecord.notes.open')}
              <span className="hearth-sr-only">
                {' '}
                {careLabel(t, NOTE_TYPE_KEYS, n.noteType)}, {formatDateTime(n.reportDate, zoneCode, language)}
              </span>
            </Button>
          </li>
        ))}
      </ul>
      <Pager current={paging.current} size={paging.size} total={list.data?.total ?? 0} sizes={PAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />

      {dialog?.kind === 'view' ? (
        <NoteDialog note={dialog.note} zoneCode={zoneCode} onClose={() => setDialog(null)} onEdit={(note) => setDialog({ kind: 'form', note })} />
      ) : null}
      {dialog?.kind === 'form' ? (
        <NoteFormDialog residentId={residentId} note={dialog.note} onClose={() => setDialog(null)} onSaved={(note) => setDialog({ kind: 'view', note })} />
      ) : null}
      {dialog?.kind === 'print' ? <PrintDialog residentId={residentId} residentName={residentName} today={today} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
