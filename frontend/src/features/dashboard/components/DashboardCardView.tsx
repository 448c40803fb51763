import type { ComponentType } from 'react';
import { Section, SectionCard } from '@blueprintjs/core';
import {
  ConfirmIcon,
  DashboardIcon,
  DocumentIcon,
  HomeIcon,
  IdNumberIcon,
  OfficeIcon,
  PeopleIcon,
  PillIcon,
  ClipboardIcon,
  TickCircleIcon,
  TimeIcon,
  TrashIcon,
} from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardCard, DashboardItem } from '@/types/api.gen';
import { formatDateTime } from '@/lib/time/dateTime';
import { cardActionKey, cardTitleKey, hoursAndMinutes, itemKey, lineLink, toneClass } from '../dashboardRules';
import { SectionTitle } from '@/components/SectionTitle';

/** Each card's icon; a card without one here gets the dashboard icon. */
const ICONS: Record<string, ComponentType> = {
  approvals: ConfirmIcon,
  credentials: IdNumberIcon,
  residentsOut: PeopleIcon,
  carePlanReviews: DocumentIcon,
  medicationDisposal: TrashIcon,
  todayTasks: TickCircleIcon,
  medPasses: PillIcon,
  careRecord: ClipboardIcon,
  residents: HomeIcon,
  myStatus: TimeIcon,
  myRequests: ConfirmIcon,
  tenants: OfficeIcon,
};

function Line({ item, link, timeZone }: { item: DashboardItem; link: string | undefined; timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { h, m } = hoursAndMinutes(item.count);
  const text = t(itemKey(item) as never, {
    time: item.time ? formatDateTime(item.time, timeZone, i18n.language) : '',
    hours: t('dashboard.hoursMinutes', { h, m }),
  }) as string;
  const tone = toneClass(item.tone);
  const body = (
    <>
      <div className="hearth-dash-label">
        <span>{text}</span>
        {item.names?.length ? <span className="hearth-muted hearth-dash-names">{item.names.join(', ')}</span> : null}
      </div>
      {item.status ? null : (
        <span className="hearth-dash-count" data-testid={`dash-${item.key}-count`}>
          {item.count}
        </span>
      )}
    </>
  );
  // Each number leads to its list (issue 29): the whole line is the link, a 44 px target on a phone.
  return (
    <li className={`hearth-dash-line ${tone}`} data-testid={`dash-${item.key}`}>
      {link ? (
        <Link className="hearth-dash-link" to={link} data-testid={`dash-${item.key}-link`}>
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/** One registered dashboard card: its lines, and a link to the page where the user acts. */
export function DashboardCardView({ card, timeZone }: { card: DashboardCard; timeZone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[card.key] ?? DashboardIcon;
  const action = cardActionKey(card);
  return (
    <Section titleRenderer={SectionTitle} title={t(cardTitleKey(card) as never) as string} icon={<Icon />} className="hearth-card" data-testid={`card-${card.key}`}>
      <SectionCard>
        <ul className="hearth-dash-lines">
          {card.items.map((item) => (
            <Line key={item.key} item={item} link={lineLink(card, item)} timeZone={timeZone} />
          ))}
        </ul>
        {card.link && i18n.exists(action) ? <Link to={card.link}>{t(action as never) as string}</Link> : null}
      </SectionCard>
    </Section>
  );
}
