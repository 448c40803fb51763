import type { ComponentType } from 'react';
import { Button, Section, SectionCard } from '@blueprintjs/core';
import {
  ConfirmIcon,
  DashboardIcon,
  DocumentIcon,
  EndorsedIcon,
  FloppyDiskIcon,
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
import { SectionTitle, SubsectionTitle } from '@/components/SectionTitle';

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
  backup: FloppyDiskIcon,
  facilityDocsToSign: EndorsedIcon,
};

/** Goes to a route in another home: the sign-in moves there first (the across-homes view). */
export type OpenInHome = (link: string) => void;

function Line({ item, link, timeZone, open }: { item: DashboardItem; link: string | undefined; timeZone: string | undefined; open?: OpenInHome }) {
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
        <Link
          className="hearth-dash-link"
          to={link}
          data-testid={`dash-${item.key}-link`}
          onClick={
            open
              ? (e) => {
                  e.preventDefault();
                  open(link);
                }
              : undefined
          }
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * One registered dashboard card: its lines, and a link to the page where the user acts. A card of another of
 * the owner's homes (`home` and `open` given) takes them there: each line and the card's switch button move
 * the sign-in to that home, then open the page.
 */
export function DashboardCardView({
  card,
  timeZone,
  home,
  open,
  titleLevel = 2,
}: {
  card: DashboardCard;
  timeZone: string | undefined;
  home?: string;
  open?: OpenInHome;
  titleLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[card.key] ?? DashboardIcon;
  const action = cardActionKey(card);
  return (
    <Section titleRenderer={titleLevel === 3 ? SubsectionTitle : SectionTitle} title={t(cardTitleKey(card) as never) as string} icon={<Icon />} className="hearth-card" data-testid={`card-${card.key}`}>
      <SectionCard>
        <ul className="hearth-dash-lines">
          {card.items.map((item) => (
            <Line key={item.key} item={item} link={lineLink(card, item)} timeZone={timeZone} open={open} />
          ))}
        </ul>
        {open && home ? (
          <Button variant="outlined" onClick={() => open(card.link)} data-testid={`card-${card.key}-switch`}>
            {t('homesDashboard.switch', { home })}
          </Button>
        ) : card.link && i18n.exists(action) ? (
          <Link to={card.link}>{t(action as never) as string}</Link>
        ) : null}
      </SectionCard>
    </Section>
  );
}
