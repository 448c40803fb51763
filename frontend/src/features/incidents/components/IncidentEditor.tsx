import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Callout, Checkbox, H3, InputGroup, Intent, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { ArrowLeftIcon, ArrowRightIcon, CrossIcon, DocumentIcon, MediaIcon, PaperclipIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FileItem, IncidentReport } from '@/types/api.gen';
import { FileOther, IncidentFilesMax, IncidentGroupFacility, IncidentGroupResident } from '@/types/api.gen';
import { DateTimeInput } from '@/components/DateTimeInput';
import { SectionTitle } from '@/components/SectionTitle';
import { SubmitBlockers } from '@/components/SubmitBlockers';
import { Select } from '@/components/Select';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { uploadFiles, UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';
import { UPLOAD_ACCEPT, isAcceptedUpload } from '@/lib/files/fileTypes';
import { openFilePreview } from '@/lib/files/preview';
import { FormField, useRuleMessage } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { useRevealErrors } from '@/lib/form/useReveal';
import { currentLanguage } from '@/lib/i18n';
import { useFacilityViewer } from '@/lib/session/viewer';
import { formatTime } from '@/lib/time/dateTime';
import { useNow } from '@/lib/time/useNow';
import { epochToZonedWall, zonedWallToEpoch } from '@/lib/time/zone';
import { deleteIncident, saveIncidentDraft, submitIncident, updateIncidentReport } from '../api/incidents';
import { incidentWrites } from '../api/keys';
import { useResidentOptions, useStaffOptions } from '../api/options';
import { PARTY_KEYS, TYPE_KEYS, keyOf } from '@/lib/care/incidentLabels';
import {
  FACILITY_TYPES,
  RESIDENT_TYPES,
  canDelete,
  emptyForm,
  formOf,
  groupOf,
  questionsFor,
  requestOf,
  validateIncident,
  type Group,
  type IncidentErrors,
  type IncidentForm,
} from '../incidentRules';
import { serverNow } from '@/lib/time/serverClock';

/** How long after the author's last edit the draft saves itself (as the shift report does). */
const AUTOSAVE_MS = 2500;
const PARTIES = Object.keys(PARTY_KEYS) as (keyof typeof PARTY_KEYS)[];

interface Props {
  /** A draft to go on with; undefined for a new report. */
  report?: IncidentReport;
  onClose: () => void;
}

/**
 * The guided form (spec 000 §2 /incident): step 1 the group and type, step 2 the questions that type needs.
 * The draft saves itself a moment after the last edit (the first save makes it); Submit asks first, as the
 * owner and admins are told at once and the report is then the reviewers'.
 */
export function IncidentEditor({ report, onClose }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const message = useRuleMessage();
  const viewer = useFacilityViewer();
  const { formRef, reveal } = useRevealErrors();
  const wall = (ms: number) => epochToZonedWall(ms, viewer.zone);
  const epoch = (w: string) => {
    const v = zonedWallToEpoch(w, viewer.zone);
    return Number.isFinite(v) ? v : 0;
  };
  const [saved, setSaved] = useState<IncidentReport | undefined>(report);
  const [form, setForm] = useState<IncidentForm>(() => (report ? formOf(report, wall) : emptyForm()));
  const [group, setGroup] = useState<Group | ''>(() => groupOf(report?.type ?? ''));
  const [step, setStep] = useState<1 | 2>(report ? 2 : 1);
  const [errors, setErrors] = useState<IncidentErrors>({});
  const [files, setFiles] = useState<Record<string, FileItem>>(() => Object.fromEntries((report?.files ?? []).map((f) => [f.fileId, f])));
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'submit' | 'delete' | null>(null);
  const [edits, setEdits] = useState(0);
  const [autosavedAt, setAutosavedAt] = useState<number | null>(null);
  const residents = useResidentOptions();
  const staff = useStaffOptions();
  const fileInput = useRef<HTMLInputElement>(null);

  const set = (patch: Partial<IncidentForm>) => {
    setEdits((n) => n + 1);
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof IncidentErrors];
      return next;
    });
  };
  const asks = useMemo(() => new Set(questionsFor(form.type)), [form.type]);

  // One write at a time: the first makes the draft, the next ones update it at its version.
  const write = (f: IncidentForm, current: IncidentReport | undefined) => {
    const body = requestOf(f, epoch);
    return current ? updateIncidentReport({ ...body, incidentId: current.incidentId, version: current.version }) : saveIncidentDraft(body);
  };
  // The latest saved version, for a write started before the last one's answer re-rendered the form.
  const savedRef = useRef(report);
  const keep = (r: IncidentReport) => {
    savedRef.current = r;
    setSaved(r);
    setAutosavedAt(serverNow());
  };
  // An autosave under way when the author presses Save or Submit is waited for (the press is never lost,
  // and the next write goes on the version it made).
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const writeInTurn = (f: IncidentForm) => {
    const next = inFlight.current.then(async () => {
      const r = await write(f, savedRef.current);
      savedRef.current = r;
      return r;
    });
    inFlight.current = next.catch(() => undefined);
    return next;
  };
  const save = useAppMutation({ mutationFn: writeInTurn, invalidates: incidentWrites, success: 'incidents.done.saved', onSuccess: keep });
  const autosave = useAppMutation({ mutationFn: writeInTurn, invalidates: [incidentWrites[0]], onSuccess: keep });
  const submit = useAppMutation({
    mutationFn: async (f: IncidentForm) => {
      const r = await writeInTurn(f);
      setSaved(r);
      return submitIncident(r.incidentId);
    },
    invalidates: incidentWrites,
    success: 'incidents.done.submitted',
    onSuccess: onClose,
    onSettled: () => setConfirm(null),
  });
  const remove = useAppMutation({
    mutationFn: (id: string) => deleteIncident(id),
    invalidates: incidentWrites,
    success: 'incidents.done.deleted',
    onSuccess: onClose,
    onSettled: () => setConfirm(null),
  });
  const upload = useAppMutation({
    mutationFn: (chosen: File[]) => uploadFiles(chosen, FileOther),
    onSuccess: (items) => {
      setFiles((m) => ({ ...m, ...Object.fromEntries(items.map((i) => [i.fileId, i])) }));
      set({ fileIds: [...form.fileIds, ...items.map((i) => i.fileId)] });
    },
    onError: (err) => {
      if (isApiError(err) && (UPLOAD_HANDLED_CODES as readonly string[]).includes(err.code)) {
        const fields = Object.values(fieldErrors(err));
        setUploadProblem(t('files.upload.failed', { msg: fields.length > 0 ? fields.join(' ') : err.message || err.code }));
      }
    },
  });

  const busy = save.isPending || autosave.isPending || submit.isPending || remove.isPending;
  const savedEdits = useRef(0);
  useEffect(() => {
    if (edits === 0 || edits === savedEdits.current || busy || confirm || !groupOf(form.type)) return;
    // A party ticked without a time yet does not stop the autosave: the draft goes without it until it has one.
    const draftable = { ...form, notifications: form.notifications.filter((n) => n.at.trim() !== '') };
    if (Object.keys(validateIncident(draftable, serverNow(), false, epoch)).length > 0) return;
    const timer = window.setTimeout(() => {
      savedEdits.current = edits;
      autosave.mutate(draftable);
    }, AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
    // epoch reads only the viewer's zone
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [edits, busy, confirm, form, autosave]);

  const now = useNow(60_000);
  const failed = save.error ?? submit.error ?? autosave.error;
  const server = busy ? {} : fieldErrors(failed);
  const err = (f: keyof IncidentErrors) => message(errors[f]) ?? server[f];

  // What still keeps the report from being submitted, said at the button as she writes (the submit rules);
  // the clock moves on each minute (a time typed as future becomes allowed).
  const blocking = validateIncident(form, now, true, epoch);
  const blockers = [...new Set(Object.values(blocking).map((e) => message(e)).filter((m): m is string => Boolean(m)))];

  const check = (forSubmit: boolean) => {
    const found = validateIncident(form, serverNow(), forSubmit, epoch);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      reveal();
      return false;
    }
    return true;
  };

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    const wrong = chosen.filter((f) => !isAcceptedUpload(f));
    if (wrong.length > 0) {
      setUploadProblem(t('files.upload.invalidType', { names: wrong.map((f) => f.name).join(', ') }));
      return;
    }
    if (form.fileIds.length + chosen.length > IncidentFilesMax) {
      setUploadProblem(t('incidents.rule.tooMany', { max: IncidentFilesMax }));
      return;
    }
    setUploadProblem(null);
    upload.mutate(chosen);
  };

  const setNotified = (party: string, on: boolean, now: number) =>
    // Ticked now: the time defaults to now (the usual case: told just before writing), changed if it was earlier.
    set({ notifications: on ? [...form.notifications, { party, at: wall(now), by: '' }] : form.notifications.filter((n) => n.party !== party) });
  const setNotifiedAt = (party: string, at: string) => set({ notifications: form.notifications.map((n) => (n.party === party ? { ...n, at } : n)) });

  const types = group === IncidentGroupResident ? RESIDENT_TYPES : group === IncidentGroupFacility ? FACILITY_TYPES : [];
  const autosaveNote = autosave.isPending ? t('incidents.form.autosaving') : autosavedAt ? t('incidents.form.autosaved', { time: formatTime(autosavedAt, viewer.zoneCode, language) }) : '';

  if (step === 1) {
    return (
      <form
        className="hearth-incident-form"
        data-testid="incident-step1"
        onSubmit={(e) => {
          e.preventDefault();
          if (!groupOf(form.type)) {
            setErrors({ type: { key: 'incidents.rule.typeRequired' } });
            return;
          }
          setStep(2);
        }}
      >
        <SectionTitle id="incident-step1-title">{t('incidents.form.step1')}</SectionTitle>
        <RadioGroup
          label={t('incidents.field.group')}
          selectedValue={group}
          onChange={(e) => {
            const g = e.currentTarget.value as Group;
            setGroup(g);
            if (groupOf(form.type) !== g) set({ type: '' });
          }}
        >
          <Radio value={IncidentGroupResident} label={t('incidents.group.RESIDENT')} data-testid="incident-group-resident" />
          <Radio value={IncidentGroupFacility} label={t('incidents.group.FACILITY')} data-testid="incident-group-facility" />
        </RadioGroup>
        {group ? (
          <FormField id="incident-type" label={t('incidents.field.type')} required error={err('type')}>
            <Select id="incident-type" value={form.type} fill onChange={(e) => set({ type: e.currentTarget.value })}>
              <option value="">{t('incidents.field.choose')}</option>
              {types.map((ty) => (
                <option key={ty} value={ty}>
                  {t(keyOf(TYPE_KEYS, ty, 'RESIDENT_OTHER'))}
                </option>
              ))}
            </Select>
          </FormField>
        ) : (
          <FormProblem message={err('type')} />
        )}
        <div className="hearth-incident-actions">
          <Button onClick={onClose}>{t('common.action.cancel')}</Button>
          <Button type="submit" intent={Intent.PRIMARY} endIcon={<ArrowRightIcon />} data-testid="incident-next">
            {t('incidents.form.next')}
          </Button>
        </div>
      </form>
    );
  }

  const residentName = (id: string) => residents.data?.find((r) => r.residentId === id)?.name ?? saved?.residentName ?? '';
  return (
    <form
      ref={formRef}
      className="hearth-incident-form"
      data-testid="incident-form"
      data-incident-id={saved?.incidentId ?? ''}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (check(false)) save.mutate(form);
      }}
    >
      <SectionTitle id="incident-step2-title">
        {t('incidents.form.step2')}: {t(keyOf(TYPE_KEYS, form.type, 'RESIDENT_OTHER'))}
      </SectionTitle>
      {!saved ? (
        <Button variant="minimal" icon={<ArrowLeftIcon />} onClick={() => setStep(1)} data-testid="incident-back">
          {t('incidents.form.back')}
        </Button>
      ) : null}
      {asks.has('resident') ? (
        <FormField id="incident-resident" label={t('incidents.field.resident')} required error={err('residentId')}>
          <Select id="incident-resident" fill value={form.residentId} onChange={(e) => set({ residentId: e.currentTarget.value })}>
            <option value="">{t('incidents.field.choose')}</option>
            {form.residentId && !residents.data?.some((r) => r.residentId === form.residentId) ? (
              <option value={form.residentId}>{residentName(form.residentId)}</option>
            ) : null}
            {(residents.data ?? []).map((r) => (
              <option key={r.residentId} value={r.residentId}>
                {r.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <FormField id="incident-occurred" label={t('incidents.field.occurredAt')} error={err('occurredAt')}>
        <DateTimeInput id="incident-occurred" label={t('incidents.field.occurredAt')} value={form.occurredAt} onChange={(v) => set({ occurredAt: v })} />
      </FormField>
      <FormField id="incident-discovered" label={t('incidents.field.discoveredAt')} required error={err('discoveredAt')}>
        <DateTimeInput id="incident-discovered" label={t('incidents.field.discoveredAt')} value={form.discoveredAt} onChange={(v) => set({ discoveredAt: v })} />
      </FormField>
      <FormField id="incident-location" label={t('incidents.field.location')} error={err('location')}>
        <InputGroup id="incident-location" value={form.location} onChange={(e) => set({ location: e.currentTarget.value })} />
      </FormField>
      <FormField id="incident-narrative" label={t('incidents.field.narrative')} required error={err('narrative')} hint={t('incidents.form.narrativeHint')}>
        <TextArea id="incident-narrative" fill rows={5} value={form.narrative} onChange={(e) => set({ narrative: e.currentTarget.value })} />
      </FormField>
      {asks.has('injuries') ? (
        <FormField id="incident-injuries" label={t('incidents.field.injuries')} error={err('injuries')}>
          <TextArea id="incident-injuries" fill rows={2} value={form.injuries} onChange={(e) => set({ injuries: e.currentTarget.value })} />
        </FormField>
      ) : null}
      {asks.has('bodyLocations') ? (
        <FormField id="incident-body" label={t('incidents.field.bodyLocation')} error={err('bodyLocations')} hint={t('incidents.form.bodyHint')}>
          <InputGroup id="incident-body" value={form.bodyLocations} onChange={(e) => set({ bodyLocations: e.currentTarget.value })} />
        </FormField>
      ) : null}
      {asks.has('suspicions') ? (
        <fieldset className="hearth-incident-fieldset" data-testid="incident-suspicions">
          <legend>{t('incidents.field.suspicions')}</legend>
          <Checkbox checked={form.sexualAssault} label={t('incidents.field.sexualAssault')} onChange={(e) => set({ sexualAssault: e.currentTarget.checked })} />
          <Checkbox checked={form.physicalAssault} label={t('incidents.field.physicalAssault')} onChange={(e) => set({ physicalAssault: e.currentTarget.checked })} />
          <p className="hearth-muted">{t('incidents.form.suspicionsHint')}</p>
        </fieldset>
      ) : null}
      <FormField id="incident-actions" label={t('incidents.field.immediateActions')} error={err('immediateActions')}>
        <TextArea id="incident-actions" fill rows={3} value={form.immediateActions} onChange={(e) => set({ immediateActions: e.currentTarget.value })} />
      </FormField>
      <fieldset className="hearth-incident-fieldset" data-testid="incident-notified">
        <legend>{t('incidents.field.notified')}</legend>
        {PARTIES.map((p) => {
          const n = form.notifications.find((x) => x.party === p);
          return (
            <div key={p} className="hearth-incident-notified">
              <Checkbox checked={!!n} label={t(PARTY_KEYS[p])} onChange={(e) => setNotified(p, e.currentTarget.checked, serverNow())} data-testid={`incident-notified-${p}`} />
              {n ? (
                <DateTimeInput
                  id={`incident-notified-at-${p}`}
                  label={t('incidents.field.notifiedAt', { who: t(PARTY_KEYS[p]) })}
                  value={n.at}
                  onChange={(v) => setNotifiedAt(p, v)}
                />
              ) : null}
            </div>
          );
        })}
        <FormProblem message={err('notifications')} />
      </fieldset>
      <FormField id="incident-witnesses" label={t('incidents.field.witnesses')} error={err('witnesses')}>
        <InputGroup id="incident-witnesses" value={form.witnesses} onChange={(e) => set({ witnesses: e.currentTarget.value })} />
      </FormField>
      <fieldset className="hearth-incident-fieldset">
        <legend>{t('incidents.field.staffInvolved')}</legend>
        <div className="hearth-incident-staff">
          {(staff.data ?? []).map((s) => (
            <Checkbox
              key={s.userId}
              label={s.name}
              checked={form.staffInvolvedIds.includes(s.userId)}
              onChange={(e) =>
                set({ staffInvolvedIds: e.currentTarget.checked ? [...form.staffInvolvedIds, s.userId] : form.staffInvolvedIds.filter((id) => id !== s.userId) })
              }
            />
          ))}
        </div>
        <FormProblem message={err('staffInvolvedIds')} />
      </fieldset>
      <fieldset className="hearth-incident-fieldset">
        <legend>{t('incidents.field.files')}</legend>
        <ul className="hearth-attachments" data-testid="incident-files">
          {form.fileIds.map((id, i) => {
            const f = files[id];
            const name = f?.name ?? t('incidents.form.fileN', { n: i + 1 });
            return (
              <li key={id}>
                <Button variant="minimal" size="small" icon={f?.contentType?.startsWith('image/') ? <MediaIcon /> : <DocumentIcon />} onClick={() => openFilePreview(id)}>
                  {name}
                </Button>
                <Button
                  variant="minimal"
                  size="small"
                  icon={<CrossIcon />}
                  aria-label={t('incidents.form.removeFile', { name })}
                  onClick={() => set({ fileIds: form.fileIds.filter((x) => x !== id) })}
                />
              </li>
            );
          })}
        </ul>
        <input ref={fileInput} type="file" multiple accept={UPLOAD_ACCEPT} hidden data-testid="incident-file-input" onChange={(e) => choose(e.currentTarget.files)} />
        <Button icon={<PaperclipIcon />} loading={upload.isPending} onClick={() => fileInput.current?.click()} data-testid="incident-add-file">
          {t('incidents.form.addFiles')}
        </Button>
        <p className="hearth-muted">{t('files.upload.rules')}</p>
        {uploadProblem ? (
          <Callout intent={Intent.DANGER} compact data-testid="upload-problem">
            {uploadProblem}
          </Callout>
        ) : null}
        <FormProblem message={err('files')} />
      </fieldset>
      <div className="hearth-incident-actions">
        <span className="hearth-muted" aria-live="polite" data-testid="incident-autosave">
          {autosaveNote}
        </span>
        {saved && canDelete(saved, viewer.userId) ? (
          <Button icon={<TrashIcon />} intent={Intent.DANGER} variant="outlined" disabled={busy} onClick={() => setConfirm('delete')} data-testid="incident-delete">
            {t('incidents.form.delete')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('common.action.close')}</Button>
        <Button type="submit" loading={save.isPending} data-testid="incident-save">
          {t('incidents.form.saveDraft')}
        </Button>
        <Button
          intent={Intent.PRIMARY}
          disabled={save.isPending || submit.isPending || remove.isPending}
          onClick={() => {
            if (check(true)) setConfirm('submit');
          }}
          data-testid="incident-submit"
          aria-describedby={blockers.length > 0 ? 'incident-blockers' : undefined}
        >
          {t('incidents.form.submit')}
        </Button>
        <SubmitBlockers id="incident-blockers" items={blockers} />
      </div>
      {confirm === 'submit' ? (
        <Confirm
          title={t('incidents.form.submitTitle')}
          body={t('incidents.form.submitBody')}
          action={t('incidents.form.submit')}
          intent={Intent.PRIMARY}
          busy={submit.isPending}
          onConfirm={() => submit.mutate(form)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {confirm === 'delete' ? (
        <Confirm
          title={t('incidents.form.deleteTitle')}
          body={t('incidents.form.deleteBody')}
          action={t('incidents.form.delete')}
          intent={Intent.DANGER}
          busy={remove.isPending}
          onConfirm={() => saved && remove.mutate(saved.incidentId)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </form>
  );
}

/**
 * A question before a write that cannot be taken back (submit, delete), asked in place under the form's
 * buttons (on a phone it stays where the thumb is) and brought into view with the focus on its answer.
 */
function Confirm(p: { title: string; body: string; action: string; intent: Intent; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="hearth-incident-confirm" role="group" aria-labelledby={titleId} data-testid="incident-confirm">
      <Callout intent={p.intent}>
        <H3 id={titleId} className="hearth-callout-title">
          {p.title}
        </H3>
        <p>{p.body}</p>
        <div className="hearth-incident-actions">
          <Button onClick={p.onCancel}>{t('common.action.cancel')}</Button>
          <Button
            intent={p.intent}
            loading={p.busy}
            onClick={p.onConfirm}
            data-testid="incident-confirm-button"
            ref={(el) => {
              if (el && !el.dataset.shown) {
                el.dataset.shown = '1';
                el.scrollIntoView({ block: 'center' });
                el.focus();
              }
            }}
          >
            {p.action}
          </Button>
        </div>
      </Callout>
    </section>
  );
}
