import type { ReactElement } from 'react';
import { Callout, Section, SectionCard, Spinner, Tag } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { AreaInspections, InspectionCheck } from '@/types/api.gen';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate } from '@/lib/time/dateTime';
import { gapsOf, scoreIntent } from '../inspectionScore';

/** The rules the server checks (shared.Rule*): the UI only names them; an unknown one shows its code. */
const RULES = ['ASSESSMENT', 'CARE_PLAN', 'PHYSICIAN_ORDER', 'MAR_COMPLETE', 'DISPOSAL', 'INCIDENT_DUTY', 'CREDENTIALS'] as const;

export function ruleLabel(t: TFunction, rule: string): string {
  return (RULES as readonly string[]).includes(rule) ? (t(`facilityDocs.rule.${rule}` as never) as string) : rule;
}

function gapText(t: TFunction, c: InspectionCheck, lang: string): string {
  const parts = [(RULES as readonly string[]).includes(c.rule) ? (t(`facilityDocs.gap.${c.rule}` as never, { count: c.count }) as string) : String(c.count)];
  if (c.dueDate) parts.push(t('facilityDocs.gap.since', { date: formatCalendarDate(c.dueDate, lang) }));
  return parts.join(' · ');
}

/**
 * One area of the inspection readiness page (residents or staff): its score, and each person with a gap,
 * every gap with the link to the page where it is fixed. People fully in order are only counted.
 */
export function InspectionAreaView({
  query,
  title,
  icon,
  testId,
}: {
  query: UseQueryResult<AreaInspections>;
  title: string;
  icon: ReactElement;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const area = query.data;
  const people = area ? gapsOf(area) : [];
  return (
    <Section titleRenderer={SectionTitle} title={title} icon={icon} data-testid={testId}>
      <SectionCard>
        <QueryErrorBanner query={query} />
        {area ? (
          <>
            <p className="hearth-inspect-score" data-testid="area-score" data-score={area.score}>
              <Tag intent={scoreIntent(area.score)} large>
                {t('facilityDocs.score.value', { score: area.score })}
              </Tag>{' '}
              <span className="hearth-muted">{t('facilityDocs.score.items', { inOrder: area.inOrder, total: area.total })}</span>
            </p>
            {area.subjects.length === 0 ? <Callout>{t(`facilityDocs.area.${area.area === 'STAFF' ? 'noStaff' : 'noResidents'}`)}</Callout> : null}
            {area.subjects.length > 0 && people.length === 0 ? <Callout intent="success">{t('facilityDocs.area.allInOrder')}</Callout> : null}
            {people.length > 0 ? (
              <ul className="hearth-fdoc-list">
                {people.map((p) => (
                  <li key={p.id} className="hearth-inspect-person" data-testid="area-subject" data-id={p.id}>
                    <strong>{p.name}</strong>
                    <ul className="hearth-inspect-gaps">
                      {p.gaps.map((c) => (
                        <li key={c.rule} data-testid="area-gap" data-rule={c.rule}>
                          <Tag intent="danger" minimal>
                            {ruleLabel(t, c.rule)}
                          </Tag>{' '}
                          <span>{gapText(t, c, lang)}</span>{' '}
                          {c.link ? (
                            <Link to={c.link} aria-label={t('facilityDocs.gap.fixFor', { rule: ruleLabel(t, c.rule), name: p.name })} data-testid="area-fix">
                              {t('facilityDocs.gap.fix')}
                            </Link>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            ) : null}
            {people.length > 0 && area.subjects.length > people.length ? (
              <p className="hearth-muted">{t('facilityDocs.area.othersInOrder', { count: area.subjects.length - people.length })}</p>
            ) : null}
          </>
        ) : query.isPending ? (
          <Spinner size={24} />
        ) : null}
      </SectionCard>
    </Section>
  );
}
