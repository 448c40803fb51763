import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonGroup, Callout, Card, FormGroup, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { TitledCallout } from '@/components/TitledCallout';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  InspectorArea,
  InspectorCodeSent,
  InspectorDocument,
  InspectorFile,
  InspectorGrant,
  InspectorIncident,
  InspectorMAR,
  InspectorNotes,
  InspectorResident,
  InspectorResidentRecord,
  InspectorSession,
  InspectorStaffMember,
} from '@/types/api.gen';
import { careLabel } from '@/lib/care/taskLabels';
import { ROUTE_KEYS } from '@/lib/care/medicationLabels';
import { NOTE_TYPE_KEYS } from '@/lib/care/noteLabels';
import { STATE_KEYS, TYPE_KEYS, WRITTEN_FIELD_KEYS } from '@/lib/care/incidentLabels';
import { PASS_OUTCOME_KEYS } from '@/lib/emar/emarLabels';
import { DNR_KEYS, GENDER_KEYS, LANGUAGE_KEYS } from '@/lib/residents/residentLabels';
import { CREDENTIAL_TYPE_KEYS } from '@/lib/staff/credentialLabels';
import { INSPECTOR_AREAS, areaKey } from '../areas';
import { formatMoment } from '../formatMoment';
import { downloadFile, InspectorError, linkEnded, loadSession, publicCall, saveSession, signedCall } from '../inspectorClient';
import '../inspector.css';

const BASE = '/system/inspector';

function Ended() {
  const { t } = useTranslation();
  return (
    <TitledCallout level={2} intent="warning" title={t('inspector.ended.title')} data-testid="inspector-ended">
      {t('inspector.ended.body')}
    </TitledCallout>
  );
}

function Failure({ error }: { error: unknown }) {
  if (linkEnded(error)) return <Ended />;
  return (
    <Callout intent="danger" data-testid="inspector-error">
      {error instanceof Error ? error.message : String(error)}
    </Callout>
  );
}

/** The link's landing: a code by e-mail, then the sign-in with it. */
function SignIn({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<InspectorCodeSent | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      setSent(await publicCall<InspectorCodeSent>(`${BASE}/requestInspectorCode`, { token }));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      saveSession(await publicCall<InspectorSession>(`${BASE}/inspectorSignIn`, { token, code: code.trim() }));
      onSignedIn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="hearth-inspector-entry" data-testid="inspector-entry">
      <h1>{t('inspector.entry.title')}</h1>
      <p>{t('inspector.entry.intro')}</p>
      {error ? (
        <Callout intent="danger" data-testid="inspector-error" className="hearth-inspector-gap">
          {error instanceof InspectorError ? error.message : String(error)}
        </Callout>
      ) : null}
      {sent ? (
        <form onSubmit={(e) => void submit(e)}>
          <p data-testid="inspector-code-sent">{t('inspector.entry.sent', { email: sent.maskedEmail })}</p>
          <FormGroup label={t('inspector.entry.code')} labelFor="inspector-code">
            <InputGroup id="inspector-code" inputMode="numeric" autoComplete="one-time-code" maxLength={10} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
          </FormGroup>
          <ButtonGroup>
            <Button type="submit" intent="primary" loading={busy} disabled={code.trim() === ''} data-testid="inspector-sign-in">
              {t('inspector.entry.signIn')}
            </Button>
            <Button onClick={() => void ask()} disabled={busy}>
              {t('inspector.entry.resend')}
            </Button>
          </ButtonGroup>
        </form>
      ) : (
        <Button intent="primary" loading={busy} onClick={() => void ask()} data-testid="inspector-send-code">
          {t('inspector.entry.send')}
        </Button>
      )}
    </Card>
  );
}

function useInspector<T>(key: readonly unknown[], path: string, query?: Record<string, string>, enabled = true) {
  return useQuery<T>({
    queryKey: ['inspector', ...key],
    queryFn: () => signedCall<T>(`${BASE}${path}`, query),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function Loading<T>({ query, children }: { query: { data?: T; error: unknown; isPending: boolean }; children: (data: T) => ReactNode }) {
  if (query.error) return <Failure error={query.error} />;
  if (query.data === undefined) return <Spinner size={20} />;
  return <>{children(query.data)}</>;
}

function Empty() {
  const { t } = useTranslation();
  return <p className="hearth-muted">{t('inspector.view.empty')}</p>;
}

function FileList({ files, downloads }: { files: InspectorFile[]; downloads: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  if (files.length === 0) return null;
  return (
    <ul className="hearth-inspector-files">
      {error ? <Failure error={error} /> : null}
      {files.map((f) => (
        <li key={f.id} data-testid="inspector-file">
          <span>{f.name}</span>
          {downloads ? (
            <Button small onClick={() => void downloadFile(f.id, f.name).catch(setError)} data-testid="inspector-download" aria-label={`${t('inspector.view.download')} ${f.name}`}>
              {t('inspector.view.download')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

type Open = { kind: 'record' | 'mar' | 'notes'; id: string } | { kind: 'incident'; id: string } | null;

function Field({ label, value }: { label: string; value?: string }) {
  if (!value) return null;
  return (
    <div className="hearth-inspector-field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ResidentRecord({ id, grant }: { id: string; grant: InspectorGrant }) {
  const { t } = useTranslation();
  const q = useInspector<InspectorResidentRecord>(['resident', id], '/getInspectorResident', { id });
  return (
    <Loading query={q}>
      {(r) => (
        <div data-testid="inspector-resident-record">
          <h2>{r.name}</h2>
          <dl>
            <Field label={t('inspector.field.dob')} value={r.dob} />
            <Field label={t('inspector.field.gender')} value={careLabel(t, GENDER_KEYS, r.gender)} />
            <Field label={t('inspector.field.language')} value={careLabel(t, LANGUAGE_KEYS, r.language)} />
            <Field label={t('inspector.field.moveIn')} value={r.moveInOn} />
            <Field label={t('inspector.field.allergies')} value={r.allergies} />
            <Field label={t('inspector.field.dnr')} value={careLabel(t, DNR_KEYS, r.dnr)} />
            <Field label={t('inspector.field.diagnoses')} value={r.diagnoses} />
            <Field label={t('inspector.field.diet')} value={r.diet} />
            <Field label={t('inspector.field.mobility')} value={r.mobility} />
          </dl>
          {r.files.length > 0 ? <h3>{t('inspector.view.files')}</h3> : null}
          <FileList files={r.files} downloads={grant.downloads} />
        </div>
      )}
    </Loading>
  );
}

function Mar({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useInspector<InspectorMAR>(['mar', id], '/getInspectorMar', { id });
  return (
    <Loading query={q}>
      {(m) => (
        <div data-testid="inspector-mar">
          <h2>{m.resident.name}</h2>
          <p className="hearth-muted">{t('inspector.view.marFrom', { date: m.from })}</p>
          {m.medications.length === 0 ? <Empty /> : null}
          {m.medications.map((med) => (
            <Card key={med.id} className="hearth-inspector-card" data-testid="inspector-medication">
              <strong>{med.name}</strong> {med.dose} · {careLabel(t, ROUTE_KEYS, med.route)} {med.frequency ? `· ${med.frequency}` : ''}
              {med.passes.length === 0 ? <p className="hearth-muted">{t('inspector.view.noPasses')}</p> : null}
              <ul className="hearth-inspector-passes">
                {med.passes.map((p, i) => (
                  <li key={`${p.day}-${p.time}-${i}`}>
                    {p.day} {p.time} · {careLabel(t, PASS_OUTCOME_KEYS, p.outcome) || t('inspector.view.notRecorded')}
                    {p.givenAt ? ` · ${formatMoment(p.givenAt, i18n.language)}` : ''}
                    {p.staffName ? ` · ${p.staffName}` : ''}
                    {p.reason ? ` · ${p.reason}` : ''}
                  </li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      )}
    </Loading>
  );
}

function Notes({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useInspector<InspectorNotes>(['notes', id], '/getInspectorNotes', { id });
  return (
    <Loading query={q}>
      {(n) => (
        <div data-testid="inspector-notes">
          <h2>{n.resident.name}</h2>
          {n.notes.length === 0 ? <Empty /> : null}
          {n.notes.map((note, i) => (
            <Card key={`${note.at}-${i}`} className="hearth-inspector-card">
              <div className="hearth-muted">
                {formatMoment(note.at, i18n.language)} · {careLabel(t, NOTE_TYPE_KEYS, note.type)}
                {note.author ? ` · ${note.author}` : ''}
              </div>
              <p>{note.text}</p>
              {note.english ? <p className="hearth-muted">{t('inspector.view.english', { text: note.english })}</p> : null}
            </Card>
          ))}
        </div>
      )}
    </Loading>
  );
}

function Residents({ grant, onOpen }: { grant: InspectorGrant; onOpen: (o: Open) => void }) {
  const { t } = useTranslation();
  const q = useInspector<InspectorResident[]>(['residents'], '/listInspectorResidents');
  const has = (a: InspectorArea) => grant.areas.includes(a);
  return (
    <Loading query={q}>
      {(rows) =>
        rows.length === 0 ? (
          <Empty />
        ) : (
          <ul className="hearth-inspector-list" data-testid="inspector-residents">
            {rows.map((r) => (
              <li key={r.id} data-testid="inspector-resident">
                <div>
                  <strong>{r.name}</strong> <span className="hearth-muted">{t('inspector.view.room', { room: r.room })}</span>
                </div>
                <ButtonGroup>
                  {has('RESIDENTS') ? (
                    <Button small onClick={() => onOpen({ kind: 'record', id: r.id })}>
                      {t('inspector.view.record')}
                    </Button>
                  ) : null}
                  {has('MARS') ? (
                    <Button small onClick={() => onOpen({ kind: 'mar', id: r.id })}>
                      {t('inspector.view.mar')}
                    </Button>
                  ) : null}
                  {has('NOTES') ? (
                    <Button small onClick={() => onOpen({ kind: 'notes', id: r.id })}>
                      {t('inspector.view.notes')}
                    </Button>
                  ) : null}
                </ButtonGroup>
              </li>
            ))}
          </ul>
        )
      }
    </Loading>
  );
}

function Incident({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const q = useInspector<InspectorIncident>(['incident', id], '/getInspectorIncident', { id });
  return (
    <Loading query={q}>
      {(i) => (
        <div data-testid="inspector-incident">
          <h2>
            {careLabel(t, TYPE_KEYS, i.type)} {i.resident ? `· ${i.resident}` : ''}
          </h2>
          <p className="hearth-muted" data-testid="inspector-incident-state">
            {careLabel(t, STATE_KEYS, i.state)}
            {i.occurredAt ? ` · ${formatMoment(i.occurredAt, i18n.language)}` : ''}
          </p>
          <h3>{t('inspector.view.details')}</h3>
          <dl>
            {Object.entries(i.details ?? {})
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => (
                <Field key={k} label={careLabel(t, WRITTEN_FIELD_KEYS, k)} value={v === 'yes' ? t('inspector.view.yes') : v === 'no' ? t('inspector.view.no') : v} />
              ))}
          </dl>
        </div>
      )}
    </Loading>
  );
}

function Incidents({ onOpen }: { onOpen: (o: Open) => void }) {
  const { t, i18n } = useTranslation();
  const q = useInspector<InspectorIncident[]>(['incidents'], '/listInspectorIncidents');
  return (
    <Loading query={q}>
      {(rows) =>
        rows.length === 0 ? (
          <Empty />
        ) : (
          <ul className="hearth-inspector-list" data-testid="inspector-incidents">
            {rows.map((i) => (
              <li key={i.id}>
                <div>
                  <strong>{careLabel(t, TYPE_KEYS, i.type)}</strong> {i.resident ? `· ${i.resident}` : ''}{' '}
                  <span className="hearth-muted">
                    {careLabel(t, STATE_KEYS, i.state)}
                    {i.occurredAt ? ` · ${formatMoment(i.occurredAt, i18n.language)}` : ''}
                  </span>
                </div>
                <Button small onClick={() => onOpen({ kind: 'incident', id: i.id })}>
                  {t('inspector.view.details')}
                </Button>
              </li>
            ))}
          </ul>
        )
      }
    </Loading>
  );
}

function Staff({ grant }: { grant: InspectorGrant }) {
  const { t } = useTranslation();
  const q = useInspector<InspectorStaffMember[]>(['staff'], '/listInspectorStaff');
  return (
    <Loading query={q}>
      {(rows) =>
        rows.length === 0 ? (
          <Empty />
        ) : (
          <div data-testid="inspector-staff">
            {rows.map((m) => (
              <Card key={m.id} className="hearth-inspector-card" data-testid="inspector-staff-member">
                <strong>{m.name}</strong> <span className="hearth-muted">{t('inspector.view.hired', { date: m.hireDate })}</span>
                {m.credentials.length === 0 ? <p className="hearth-muted">{t('inspector.view.noCredentials')}</p> : null}
                <ul className="hearth-inspector-list">
                  {m.credentials.map((c, i) => (
                    <li key={`${c.type}-${i}`}>
                      <div>
                        {c.name || careLabel(t, CREDENTIAL_TYPE_KEYS, c.type)} · {t('inspector.view.issued', { date: c.issueDate })}
                        {c.expiryDate ? ` · ${t('inspector.view.expires', { date: c.expiryDate })}` : ''}
                      </div>
                      <FileList files={c.files} downloads={grant.downloads} />
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </div>
        )
      }
    </Loading>
  );
}

function Documents({ grant }: { grant: InspectorGrant }) {
  const { t } = useTranslation();
  const q = useInspector<InspectorDocument[]>(['documents'], '/listInspectorDocuments');
  return (
    <Loading query={q}>
      {(rows) =>
        rows.length === 0 ? (
          <Empty />
        ) : (
          <ul className="hearth-inspector-list" data-testid="inspector-documents">
            {rows.map((d) => (
              <li key={`${d.file.id}`} data-testid="inspector-document">
                <div>
                  <strong>{d.name}</strong> <span className="hearth-muted">{t('inspector.view.version', { version: d.version })}</span>
                  {d.expiresOn ? <span className="hearth-muted"> · {t('inspector.view.expires', { date: d.expiresOn })}</span> : null}
                </div>
                <FileList files={[d.file]} downloads={grant.downloads} />
              </li>
            ))}
          </ul>
        )
      }
    </Loading>
  );
}

type Tab = 'residents' | 'incidents' | 'staff' | 'documents';

function tabsOf(g: InspectorGrant): Tab[] {
  const out: Tab[] = [];
  if (g.areas.some((a) => a === 'RESIDENTS' || a === 'MARS' || a === 'NOTES')) out.push('residents');
  if (g.areas.includes('INCIDENTS')) out.push('incidents');
  if (g.areas.includes('STAFF')) out.push('staff');
  if (g.areas.includes('FACILITY_DOCS')) out.push('documents');
  return out;
}

const TAB_LABEL: Record<Tab, 'inspector.page.residents' | 'inspector.page.incidents' | 'inspector.page.staff' | 'inspector.page.documents'> = {
  residents: 'inspector.page.residents',
  incidents: 'inspector.page.incidents',
  staff: 'inspector.page.staff',
  documents: 'inspector.page.documents',
};

/** The signed-in inspector's read-only view of what the link shares. */
function InspectorView({ onSignOut }: { onSignOut: () => void }) {
  const { t, i18n } = useTranslation();
  const grant = useInspector<InspectorGrant>(['grant'], '/getInspectorGrant');
  const [tab, setTab] = useState<Tab | null>(null);
  const [open, setOpen] = useState<Open>(null);
  if (grant.error) return <Failure error={grant.error} />;
  if (!grant.data) return <Spinner />;
  const g = grant.data;
  const tabs = tabsOf(g);
  const current = tab ?? tabs[0];
  return (
    <div className="hearth-inspector-view" data-testid="inspector-view">
      <header className="hearth-inspector-header">
        <h1>{t('inspector.view.title', { facility: g.facilityName })}</h1>
        <Button small onClick={onSignOut}>
          {t('inspector.view.signOut')}
        </Button>
      </header>
      <Callout intent="primary" className="hearth-inspector-gap">
        {t('inspector.view.readOnly', { name: g.inspectorName, date: formatMoment(g.expiresAt, i18n.language) })}
      </Callout>
      <div className="hearth-inspector-tags" data-testid="inspector-shared-areas">
        {INSPECTOR_AREAS.filter((a) => g.areas.includes(a)).map((a) => (
          <Tag key={a} minimal data-area={a}>
            {t(areaKey(a))}
          </Tag>
        ))}
      </div>
      <nav className="hearth-inspector-tabs" aria-label={t('inspector.entry.title')}>
        {tabs.map((k) => (
          <Button
            key={k}
            active={k === current && !open}
            aria-current={k === current && !open ? 'page' : undefined}
            onClick={() => {
              setTab(k);
              setOpen(null);
            }}
            data-testid={`inspector-tab-${k}`}
          >
            {t(TAB_LABEL[k])}
          </Button>
        ))}
      </nav>
      <section className="hearth-inspector-main">
        {open ? (
          <>
            <Button small icon="arrow-left" onClick={() => setOpen(null)} className="hearth-inspector-gap">
              {t('inspector.view.back')}
            </Button>
            {open.kind === 'record' ? <ResidentRecord id={open.id} grant={g} /> : null}
            {open.kind === 'mar' ? <Mar id={open.id} /> : null}
            {open.kind === 'notes' ? <Notes id={open.id} /> : null}
            {open.kind === 'incident' ? <Incident id={open.id} /> : null}
          </>
        ) : (
          <>
            {current === 'residents' ? <Residents grant={g} onOpen={setOpen} /> : null}
            {current === 'incidents' ? <Incidents onOpen={setOpen} /> : null}
            {current === 'staff' ? <Staff grant={g} /> : null}
            {current === 'documents' ? <Documents grant={g} /> : null}
          </>
        )}
      </section>
    </div>
  );
}

/** /inspector: the inspector's link. Signed out it is the code sign-in; signed in, the read-only view. */
export default function InspectorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const qc = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => loadSession() !== null);
  const signOut = () => {
    saveSession(null);
    qc.removeQueries({ queryKey: ['inspector'] });
    setSignedIn(false);
  };
  return (
    <main className="hearth-inspector-page">
      {signedIn ? (
        <InspectorView onSignOut={signOut} />
      ) : token ? (
        <SignIn token={token} onSignedIn={() => setSignedIn(true)} />
      ) : (
        <TitledCallout level={1} intent="warning" title={t('inspector.entry.title')}>
          {t('inspector.entry.noToken')}
        </TitledCallout>
      )}
    </main>
  );
}
