import { Section, SectionCard } from '@blueprintjs/core';
import { ListIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@/types/api.gen';
import { menuLabel } from '@/lib/i18n/labels';
import { useShell } from '@/lib/shell';

function MenuTree({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <ul>
      {items.map((item) => (
        <li key={item.menuCode || item.menuName} data-menu-code={item.menuCode}>
          <span>{menuLabel(t, item)}</span>
          {item.children?.length ? <MenuTree items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Your menu": every entry the server's menu holds for this role and plan, including pages not built
 * yet, so a person (and the journeys) can see what the account includes.
 */
export function MenuOverviewCard() {
  const { t } = useTranslation();
  const { menu } = useShell();
  return (
    <Section title={t('dashboard.menu.cardTitle')} icon={<ListIcon />} className="hearth-card" data-testid="your-menu">
      <SectionCard>
        <p className="hearth-muted">{t('dashboard.menu.hint')}</p>
        {menu.length > 0 ? (
          <div className="hearth-menu-overview">
            <MenuTree items={menu} />
          </div>
        ) : (
          <p>{t('dashboard.menu.empty')}</p>
        )}
      </SectionCard>
    </Section>
  );
}
