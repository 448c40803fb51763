import { useState } from 'react';
import { Button, Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { ArrowLeftIcon, PeopleIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { ResidentPhoto } from '@/components/emar/ResidentPhoto';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRuleMessage } from '@/lib/form/FormField';
import { useRevealErrors } from '@/lib/form/useReveal';
import { batchSave } from '../api/notes';
import { notesKey } from '../api/keys';
import { useCurrentResidents } from '../api/residents';
import { NoteFields } from '../components/NoteFields';
import { batchNotes, refusedResident, validateCards, type NoteErrors, type ShiftCard } from '../recordRules';
import '../carerecord.css';
import { randomId } from '@/lib/crypto/randomId';

type Draft = Record<string, Pick<ShiftCard, 'noteType' | 'notes' | 'clientId'>>;

const blank = () => ({ noteType: '', notes: '', clientId: randomId() });

/**
 * The end-of-shift "Write notes" screen (/resident/write-notes for caregivers, /resident-management/write-notes
 * for owners and admins): one card per current resident of the facility with a note type and the words;
 * the written cards are saved in one batchSave, all or none. A refusal names the note it is about, and
 * everything typed stays.
 */
export default function WriteNotesPage() {
  const { t } = useTranslation();
  const message = useRuleMessage();
  const { pathname } = useLocation();
  const back = pathname.startsWith('/resident-management') ? '/resident-management' : '/resident';
  const residents = useCurrentResidents();
  const [draft, setDraft] = useState<Draft>({});
  const [errors, setErrors] = useState<Record<string, NoteErrors>>({});
  const [none, setNone] = useState(false);
  const [refused, setRefused] = useState<string | undefined>();
  const { formRef, reveal } = useRevealErrors();
  const list = residents.data ?? [];
  const cards: ShiftCard[] = list.map((r) => ({ residentId: r.residentId, residentName: r.name, ...(draft[r.residentId] ?? { noteType: '', notes: '', clientId: '' }) }));
  const save = useAppMutation({
    mutationFn: (notes: ReturnType<typeof batchNotes>) => batchSave({ notes }),
    invalidates: [notesKey],
    success: 'carerecord.done.shiftNotes',
    onSuccess: () => {
      setDraft({});
      setRefused(undefined);
    },
    onError: (err, notes) => {
      setRefused(refusedResident(err, notes));
      reveal();
    },
  });
  const set = (residentId: string, key: 'noteType' | 'notes', value: string) => {
    setDraft((d) => ({ ...d, [residentId]: { ...(d[residentId] ?? blank()), [key]: value } }));
    setErrors((e) => (e[residentId]?.[key] ? { ...e, [residentId]: { ...e[residentId], [key]: undefined } } : e));
    setNone(false);
  };
  const server = save.isPending ? {} : fieldErrors(save.error);
  const problem = none
    ? t('carerecord.write.nothing')
    : Object.values(errors).some((e) => e.noteType || e.notes)
      ? t('carerecord.write.fix')
      : save.error && !save.isPending && isApiError(save.error)
        ? save.error.message
        : undefined;
  const written = batchNotes(cards).length;

  return (
    <div className="hearth-page" data-testid="write-notes-page">
      <Link to={back} className="hearth-muted">
        <ArrowLeftIcon /> {t('carerecord.write.back')}
      </Link>
      <PageHeader title={t('carerecord.write.title')} />
      <p className="hearth-muted">{t('carerecord.write.intro')}</p>
      <QueryErrorBanner query={residents} />
      {residents.isPending ? <Spinner size={32} /> : null}
      {residents.isSuccess && list.length === 0 ? <EmptyState icon={<PeopleIcon />} title={t('carerecord.write.noResidents')} /> : null}
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const found = validateCards(cards);
          setErrors(found.errors);
          setNone(found.none);
          setRefused(undefined);
          save.reset();
          if (found.none || Object.keys(found.errors).length > 0) {
            reveal();
            return;
          }
          save.mutate(batchNotes(cards));
        }}
      >
        <FormProblem message={problem} testId="write-problem" />
        <div className="hearth-write-cards">
          {cards.map((c) => {
            const e = errors[c.residentId] ?? {};
            const isRefused = refused === c.residentId;
            const serverMessage = isRefused ? (Object.values(server)[0] ?? save.error?.message) : undefined;
            return (
              <Card
                key={c.residentId}
                className={isRefused ? 'hearth-write-card hearth-write-card-refused' : 'hearth-write-card'}
                data-testid="write-card"
                data-resident-id={c.residentId}
                data-resident={c.residentName}
              >
                <h2 className="hearth-write-name">
                  <ResidentPhoto name={c.residentName} size={36} />
                  <span id={`write-${c.residentId}-name`}>{c.residentName}</span>
                </h2>
                {isRefused && serverMessage ? (
                  <Callout intent={Intent.DANGER} compact className="hearth-gap-bottom" data-testid="write-card-refused" role="alert">
                    {serverMessage}
                  </Callout>
                ) : null}
                <NoteFields
                  optional
                  id={`write-${c.residentId}`}
                  draft={c}
                  onChange={(key, value) => set(c.residentId, key, value)}
                  errors={{ noteType: message(e.noteType), notes: message(e.notes) }}
                  rows={3}
                />
              </Card>
            );
          })}
        </div>
        {list.length > 0 ? (
          <div className="hearth-write-submit">
            <span className="hearth-muted" aria-live="polite" data-testid="write-count">
              {t('carerecord.write.count', { count: written })}
            </span>
            <Button type="submit" intent={Intent.PRIMARY} size="large" loading={save.isPending} data-testid="write-submit">
              {t('carerecord.write.submit')}
            </Button>
          </div>
        ) : null}
      </form>
    </div>
  );
}
