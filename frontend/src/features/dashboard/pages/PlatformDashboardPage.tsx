import type { ComponentType, ReactNode } from 'react';
import { Section, SectionCard, Spinner } from '@blueprintjs/core';
import { CogIcon, ChatIcon, FloppyDiskIcon, HomeIcon, OfficeIcon, PeopleIcon, TimelineBarChartIcon, WarningSignIcon, CalendarIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlatformSummary, TenantDetailsSummary, TenantWeek } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner, type RetryableQuery } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { usePlatformSummary, useTenantDateSummary, useTenantDetailsSummary } from '../api/platformSummary';
import { PlatformBarChart, PlatformLineChart } from '../components/PlatformCharts';
import { useBackupStatus } from '../api/backupStatus';
import { BackupStatusView } from '../components/BackupStatusView';
import '../dashboard.css';
import '../platformDashboard.css';

const PLANS = ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN', 'NONE'] as const;
const STATUSES = ['submitted', 'approved', 'refused', 'draft'] as const;
const STATES = ['ENABLED', 'DISABLED', 'DELETED'] as const;
const CAPABILITIES = ['TRANSLATION', 'TRANSCRIPTION', 'SPEECH', 'ANALYSIS'] as const;

// Blueprint's blue, green and red (3): what the bars are of is said in the legend and the numbers beside them.
const BLUE = '#2d72d2';
const GREEN = '#238551';
const RED = '#cd4246';

/** A UTC day or week start as the reader's language writes a short date ("Nov 22"). */
function shortDay(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(ms);
}

function number(n: number, language: string): string {
  return new Intl.NumberFormat(language).format(n);
}

/** One figure; with a link, the whole line leads to the list it counts. */
function Figure({ label, count, to, testId }: { label: string; count: number; to?: string; testId: string }) {
  const { i18n } = useTranslation();
  const body = (
    <>
      <span className="hearth-pdash-label">{label}</span>{' '}
      <span className="hearth-dash-count" data-testid={`${testId}-count`}>
        {number(count, i18n.language)}
      </span>
    </>
  );
  return (
    <li className="hearth-pdash-line" data-testid={testId}>
      {to ? (
        <Link className="hearth-dash-link" to={to}>
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

function Card({
  title,
  icon: Icon,
  testId,
  query,
  action,
  children,
}: {
  title: string;
  icon: ComponentType;
  testId: string;
  query: RetryableQuery & { isPending: boolean };
  action?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Section titleRenderer={SectionTitle} title={title} icon={<Icon />} className="hearth-card" data-testid={testId}>
      <SectionCard>
        <QueryErrorBanner query={query} />
        {query.isPending ? <Spinner size={20} /> : query.data === undefined ? null : children}
        {action ? (
          <Link className="hearth-pdash-action" to={action.to}>
            {action.label}
          </Link>
        ) : null}
      </SectionCard>
    </Section>
  );
}

function HomesCard({ homes }: { homes: TenantDetailsSummary }) {
  const { t } = useTranslation();
  const plan = (p: (typeof PLANS)[number]) => homes.byPlan[p] ?? 0;
  return (
    <>
      <p className="hearth-pdash-lead" data-testid="pdash-homes-total">
        {t('platformDashboard.homes.total', { count: homes.total })}
      </p>
      <figure className="hearth-pdash-figure">
        <PlatformBarChart
          points={PLANS.map((p) => ({ label: t(`platformDashboard.plan.${p}`), homes: plan(p) }))}
          series={[{ key: 'homes', name: t('platformDashboard.homes.title'), colour: BLUE }]}
          height={180}
        />
        <figcaption>
          <h3 className="hearth-pdash-subhead">{t('platformDashboard.homes.byPlan')}</h3>
        </figcaption>
        <ul className="hearth-pdash-lines">
          {PLANS.map((p) => (
            <Figure
              key={p}
              label={t(`platformDashboard.plan.${p}`)}
              count={plan(p)}
              to={p === 'NONE' ? undefined : `/IAM/tenant?plan=${p}`}
              testId={`pdash-plan-${p}`}
            />
          ))}
        </ul>
      </figure>
      <h3 className="hearth-pdash-subhead">{t('platformDashboard.homes.byStatus')}</h3>
      <ul className="hearth-pdash-lines">
        {STATUSES.map((s) => (
          <Figure key={s} label={t(`platformDashboard.status.${s}`)} count={homes.byStatus[s] ?? 0} to={`/IAM/tenant?status=${s}`} testId={`pdash-status-${s}`} />
        ))}
      </ul>
      <h3 className="hearth-pdash-subhead">{t('platformDashboard.homes.byState')}</h3>
      <ul className="hearth-pdash-lines">
        {STATES.map((s) => (
          <Figure key={s} label={t(`platformDashboard.state.${s}`)} count={homes.byState[s] ?? 0} to={`/IAM/tenant?state=${s}`} testId={`pdash-state-${s}`} />
        ))}
      </ul>
    </>
  );
}

function WeeksCard({ weeks }: { weeks: TenantWeek[] }) {
  const { t, i18n } = useTranslation();
  const sum = (k: 'registered' | 'approved' | 'refused') => weeks.reduce((n, w) => n + w[k], 0);
  const series = [
    { key: 'registered', name: t('platformDashboard.weeks.registered'), colour: BLUE },
    { key: 'approved', name: t('platformDashboard.weeks.approved'), colour: GREEN },
    { key: 'refused', name: t('platformDashboard.weeks.refused'), colour: RED },
  ];
  return (
    <figure className="hearth-pdash-figure">
      <figcaption className="hearth-pdash-lead" data-testid="pdash-weeks-caption">
        {t('platformDashboard.weeks.caption', { registered: sum('registered'), approved: sum('approved'), refused: sum('refused') })}
      </figcaption>
      <PlatformBarChart points={weeks.map((w) => ({ label: shortDay(w.weekStart, i18n.language), registered: w.registered, approved: w.approved, refused: w.refused }))} series={series} />
      <table className="hearth-sr-only" data-testid="pdash-weeks-table">
        <caption>{t('platformDashboard.weeks.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('platformDashboard.weeks.week')}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{shortDay(w.weekStart, i18n.language)}</th>
              <td>{w.registered}</td>
              <td>{w.approved}</td>
              <td>{w.refused}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function ActiveUsersCard({ summary }: { summary: PlatformSummary }) {
  const { t, i18n } = useTranslation();
  const days = summary.activeUsers ?? [];
  const today = days.length ? days[days.length - 1].count : 0;
  return (
    <figure className="hearth-pdash-figure">
      <figcaption className="hearth-pdash-lead" data-testid="pdash-active-caption">
        {t('platformDashboard.active.caption', { total: summary.activeUsersTotal, today })}
      </figcaption>
      <PlatformLineChart
        points={days.map((d) => ({ label: shortDay(d.day, i18n.language), people: d.count }))}
        series={{ key: 'people', name: t('platformDashboard.active.people'), colour: BLUE }}
      />
      <table className="hearth-sr-only" data-testid="pdash-active-table">
        <caption>{t('platformDashboard.active.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('platformDashboard.active.day')}</th>
            <th scope="col">{t('platformDashboard.active.people')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{shortDay(d.day, i18n.language)}</th>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** An estimated cost in millionths of a US dollar, as dollars: cents, or to four places below a dollar. */
function usd(micros: number, language: string): string {
  const dollars = micros / 1e6;
  const digits = dollars !== 0 && Math.abs(dollars) < 1 ? 4 : 2;
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: digits }).format(dollars);
}

function AIUsageCard({ summary }: { summary: PlatformSummary }) {
  const { t, i18n } = useTranslation();
  const usage = (summary.aiUsage ?? []).filter((u) => (CAPABILITIES as readonly string[]).includes(u.capability));
  const name = (c: string) => t(`platformDashboard.ai.names.${c as (typeof CAPABILITIES)[number]}`);
  if (usage.length === 0) return <p className="hearth-muted">{t('platformDashboard.ai.none')}</p>;
  return (
    <figure className="hearth-pdash-figure">
      <figcaption className="hearth-muted hearth-pdash-note">{t('platformDashboard.ai.caption')}</figcaption>
      <PlatformBarChart
        points={usage.map((u) => ({ label: name(u.capability), calls: u.calls, failed: u.failed }))}
        series={[
          { key: 'calls', name: t('platformDashboard.ai.calls'), colour: BLUE },
          { key: 'failed', name: t('platformDashboard.ai.failed'), colour: RED },
        ]}
        height={180}
      />
      <div className="hearth-pdash-table-wrap">
        <table className="hearth-pdash-table" data-testid="pdash-ai-table">
          <thead>
            <tr>
              <th scope="col">{t('platformDashboard.ai.capability')}</th>
              <th scope="col">{t('platformDashboard.ai.calls')}</th>
              <th scope="col">{t('platformDashboard.ai.failed')}</th>
              <th scope="col">{t('platformDashboard.ai.usage')}</th>
              <th scope="col">{t('platformDashboard.ai.cost')}</th>
            </tr>
          </thead>
          <tbody>
            {usage.map((u) => (
              <tr key={u.capability}>
                <th scope="row">{name(u.capability)}</th>
                <td>{number(u.calls, i18n.language)}</td>
                <td>{number(u.failed, i18n.language)}</td>
                <td>
                  {[
                    u.tokens ? t('platformDashboard.ai.tokens', { count: u.tokens }) : '',
                    u.characters ? t('platformDashboard.ai.characters', { count: u.characters }) : '',
                    u.audioMs ? t('platformDashboard.ai.minutes', { count: Math.ceil(u.audioMs / 60_000) }) : '',
                  ]
                    .filter(Boolean)
                    .join(', ') || '—'}
                </td>
                <td>
                  {u.calls > u.unpriced ? usd(u.costMicros, i18n.language) : '—'}
                  {u.unpriced > 0 ? <span className="hearth-muted"> {t('platformDashboard.ai.unpriced', { count: u.unpriced })}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hearth-pdash-note" data-testid="pdash-ai-cost">
        {usage.some((u) => u.calls > u.unpriced)
          ? t('platformDashboard.ai.total', { cost: usd(usage.reduce((sum, u) => sum + u.costMicros, 0), i18n.language) })
          : t('platformDashboard.ai.noPrices')}
      </p>
    </figure>
  );
}

/** /admin-dashboard: the super admin's platform dashboard, every home at a glance, each figure leading to its list. */
export default function PlatformDashboardPage() {
  const { t } = useTranslation();
  const homes = useTenantDetailsSummary();
  const weeks = useTenantDateSummary();
  const summary = usePlatformSummary();
  const backups = useBackupStatus();
  const s = summary.data;
  return (
    <div className="hearth-page">
      <PageHeader title={t('dashboard.platform.title')} />
      <p className="hearth-muted">{t('platformDashboard.intro')}</p>
      <div className="hearth-card-grid hearth-pdash-grid" data-testid="platform-dashboard">
        <Card title={t('platformDashboard.homes.title')} icon={OfficeIcon} testId="pdash-homes" query={homes} action={{ to: '/IAM/tenant', label: t('platformDashboard.homes.action') }}>
          {homes.data ? <HomesCard homes={homes.data} /> : null}
        </Card>
        <Card
          title={t('platformDashboard.weeks.title')}
          icon={CalendarIcon}
          testId="pdash-weeks"
          query={weeks}
          action={{ to: '/IAM/tenant?status=submitted', label: t('platformDashboard.weeks.action') }}
        >
          {weeks.data ? <WeeksCard weeks={weeks.data} /> : null}
        </Card>
        <Card title={t('platformDashboard.active.title')} icon={PeopleIcon} testId="pdash-active" query={summary} action={{ to: '/IAM/user', label: t('platformDashboard.active.action') }}>
          {s ? <ActiveUsersCard summary={s} /> : null}
        </Card>
        <Card title={t('platformDashboard.residents.title')} icon={HomeIcon} testId="pdash-residents" query={summary} action={{ to: '/IAM/tenant', label: t('platformDashboard.residents.action') }}>
          {s ? (
            <ul className="hearth-pdash-lines">
              <Figure label={t('platformDashboard.residents.count')} count={s.residentsUnderCare} testId="pdash-residents-under-care" />
            </ul>
          ) : null}
        </Card>
        <Card
          title={t('platformDashboard.tickets.title')}
          icon={ChatIcon}
          testId="pdash-tickets"
          query={summary}
          action={{ to: '/support-ticket-manage', label: t('platformDashboard.tickets.action') }}
        >
          {s ? (
            <ul className="hearth-pdash-lines">
              <Figure label={t('platformDashboard.tickets.open')} count={s.ticketsOpen} to="/support-ticket-manage" testId="pdash-tickets-open" />
              <Figure label={t('platformDashboard.tickets.submitted')} count={s.ticketsSubmitted} to="/support-ticket-manage" testId="pdash-tickets-submitted" />
            </ul>
          ) : null}
        </Card>
        <Card title={t('platformDashboard.ai.title')} icon={TimelineBarChartIcon} testId="pdash-ai" query={summary} action={{ to: '/ai-config', label: t('platformDashboard.ai.action') }}>
          {s ? <AIUsageCard summary={s} /> : null}
        </Card>
        <Card title={t('platformDashboard.jobs.title')} icon={s && s.jobsFailed > 0 ? WarningSignIcon : CogIcon} testId="pdash-jobs" query={summary} action={{ to: '/admin-jobs', label: t('platformDashboard.jobs.action') }}>
          {s ? (
            <>
              <ul className="hearth-pdash-lines">
                <Figure label={t('platformDashboard.jobs.failed')} count={s.jobsFailed} to="/admin-jobs?state=DISCARDED" testId="pdash-jobs-failed" />
                <Figure label={t('platformDashboard.jobs.retrying')} count={s.jobsRetrying} to="/admin-jobs?state=RETRYING" testId="pdash-jobs-retrying" />
              </ul>
              <p className="hearth-muted hearth-pdash-note">{t('platformDashboard.jobs.hint')}</p>
            </>
          ) : null}
        </Card>
        <Card
          title={t('platformDashboard.backup.title')}
          icon={backups.data?.stale ? WarningSignIcon : FloppyDiskIcon}
          testId="pdash-backup"
          query={backups}
          action={{ to: '/params-setting', label: t('platformDashboard.backup.action') }}
        >
          {backups.data ? <BackupStatusView status={backups.data} /> : null}
        </Card>
      </div>
    </div>
  );
}
