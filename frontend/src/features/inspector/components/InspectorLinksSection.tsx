import '../inspector.css';
import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, FormGroup, HTMLSelect, InputGroup, Section, SectionCard, Switch, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { InspectorArea, InspectorLink, InspectorLinkStatus } from '@/types/api.gen';
import { INSPECTOR_AREAS, areaKey, statusKey } from '../areas';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { useCreateInspectorLink, useInspectorActivity, useInspectorLinks, useRevokeInspectorLink } from '../api/inspector';
import { formatMoment } from '../formatMoment';

const MAX_DAYS = 14;

function statusIntent(s: InspectorLinkStatus): Intent {
  return s === 'ACTIVE' ? 'success' : 'none';
}

function Activity({ link }: { link: InspectorLink }) {
  const { t, i18n } = useTranslation();
  const activity = useInspectorActivity(link.id, true);
  if (activity.isError) return <QueryErrorBanner query={activity} />;
  if (!activity.data) return null;
  if (activity.data.length === 0) return <p className="hearth-muted">{t('inspector.links.noActivity')}</p>;
  return (
    <ul className="hearth-inspector-activity" data-testid="inspector-activity">
      {activity.data.map((a, i) => (
        <li key={`${a.at}-${i}`} data-testid="inspector-activity-row" data-action={a.action} data-page={a.page}>
          <span className="hearth-muted">{formatMoment(a.at, i18n.language)}</span>{' '}
          <strong>{t(`inspector.action.${a.action as 'VIEW'}`)}</strong>
          {a.page ? ` · ${t(`inspector.page.${a.page as 'residents'}`, { defaultValue: a.page })}` : ''}
          {a.subject ? ` · ${a.subject}` : ''}
        </li>
      ))}
    </ul>
  );
}

function LinkRow({ link }: { link: InspectorLink }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const revoke = useRevokeInspectorLink();
  return (
    <li className="hearth-inspector-link" data-testid="inspector-link" data-status={link.status} data-email={link.email}>
      <div className="hearth-inspector-link-head">
        <strong>{link.inspectorName}</strong> <span className="hearth-muted">{link.email}</span>{' '}
        <Tag minimal intent={statusIntent(link.status)} data-testid="inspector-link-status">
          {t(statusKey(link.status))}
        </Tag>
      </div>
      <div className="hearth-muted">
        {t('inspector.links.until', { date: formatMoment(link.expiresAt, i18n.language) })} · {t('inspector.links.views', { count: link.views })}
        {link.createdBy ? ` · ${t('inspector.links.by', { name: link.createdBy })}` : ''}
      </div>
      <div className="hearth-inspector-tags">
        {link.areas.map((a) => (
          <Tag key={a} minimal>
            {t(areaKey(a))}
          </Tag>
        ))}
        {link.downloads ? (
          <Tag minimal intent="primary">
            {t('inspector.links.downloads')}
          </Tag>
        ) : null}
      </div>
      <div className="hearth-inspector-actions">
        <Button small onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="inspector-activity-toggle">
          {open ? t('inspector.links.hideActivity') : t('inspector.links.activity')}
        </Button>
        {link.status === 'ACTIVE' ? (
          <Button small intent="danger" loading={revoke.isPending} onClick={() => revoke.mutate(link.id)} data-testid="inspector-revoke">
            {t('inspector.links.revoke')}
          </Button>
        ) : null}
      </div>
      {open ? <Activity link={link} /> : null}
    </li>
  );
}

/** The owner's and admin's inspector links on /inspection-status: issue, list, revoke, read each link's activity. */
export function InspectorLinksSection() {
  const { t } = useTranslation();
  const links = useInspectorLinks();
  const create = useCreateInspectorLink();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [days, setDays] = useState(7);
  const [areas, setAreas] = useState<InspectorArea[]>([]);
  const [downloads, setDownloads] = useState(false);
  const [issued, setIssued] = useState<InspectorLink | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { inspectorName: name, email, days, areas, downloads },
      {
        onSuccess: (l) => {
          setIssued(l);
          setCopied(false);
          setName('');
          setEmail('');
          setAreas([]);
          setDownloads(false);
        },
      },
    );
  };
  const toggle = (a: InspectorArea) => setAreas((cur) => (cur.includes(a) ? cur.filter((x) => x !== a) : [...cur, a]));

  return (
    <Section titleRenderer={SectionTitle} title={t('inspector.links.title')} data-testid="inspector-links">
      <SectionCard>
        <p className="hearth-muted">{t('inspector.links.intro')}</p>
        <form onSubmit={submit} className="hearth-inspector-form" data-testid="inspector-link-form">
          <FormGroup label={t('inspector.links.name')} labelFor="inspector-name">
            <InputGroup id="inspector-name" value={name} maxLength={50} required onChange={(e) => setName(e.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('inspector.links.email')} labelFor="inspector-email">
            <InputGroup id="inspector-email" type="email" value={email} maxLength={100} required onChange={(e) => setEmail(e.currentTarget.value)} />
          </FormGroup>
          <FormGroup label={t('inspector.links.days')} labelFor="inspector-days">
            <HTMLSelect
              id="inspector-days"
              value={days}
              onChange={(e) => setDays(Number(e.currentTarget.value))}
              options={Array.from({ length: MAX_DAYS }, (_, i) => ({ value: i + 1, label: t('inspector.links.daysOption', { count: i + 1 }) }))}
            />
          </FormGroup>
          <fieldset className="hearth-inspector-areas">
            <legend>{t('inspector.links.areas')}</legend>
            {INSPECTOR_AREAS.map((a) => (
              <Checkbox key={a} label={t(areaKey(a))} checked={areas.includes(a)} onChange={() => toggle(a)} data-area={a} />
            ))}
          </fieldset>
          <Switch label={t('inspector.links.downloads')} checked={downloads} onChange={() => setDownloads((d) => !d)} />
          <Button type="submit" intent="primary" loading={create.isPending} disabled={areas.length === 0} data-testid="inspector-issue">
            {t('inspector.links.issue')}
          </Button>
        </form>
        {issued?.url ? (
          <Callout intent="success" className="hearth-inspector-issued" data-testid="inspector-issued">
            <p>{t('inspector.links.issued', { email: issued.email })}</p>
            <InputGroup readOnly value={issued.url} aria-label={t('inspector.links.urlLabel')} data-testid="inspector-issued-url" onFocus={(e) => e.currentTarget.select()} />
            <Button
              small
              onClick={() => {
                void navigator.clipboard?.writeText(issued.url ?? '').then(() => setCopied(true));
              }}
            >
              {copied ? t('inspector.links.copied') : t('inspector.links.copy')}
            </Button>
          </Callout>
        ) : null}
      </SectionCard>
      <SectionCard>
        <QueryErrorBanner query={links} />
        {links.data && links.data.length === 0 ? <p className="hearth-muted">{t('inspector.links.none')}</p> : null}
        {links.data && links.data.length > 0 ? (
          <ul className="hearth-inspector-links">
            {links.data.map((l) => (
              <LinkRow key={l.id} link={l} />
            ))}
          </ul>
        ) : null}
      </SectionCard>
    </Section>
  );
}
