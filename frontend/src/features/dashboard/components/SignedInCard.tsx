import { Section, SectionCard } from '@blueprintjs/core';
import { UserIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { DetailList } from '@/components/DetailList';
import { roleLabel } from '@/lib/i18n/labels';
import { useSessionStore } from '@/lib/session/store';
import { useShell } from '@/lib/shell';

/** Who is signed in: name, account and roles (translated). */
export function SignedInCard() {
  const { t } = useTranslation();
  const { userInfo } = useShell();
  const session = useSessionStore((s) => s.session);
  const roles = userInfo?.roles?.length ? userInfo.roles : (session?.roles ?? []);
  const name = userInfo?.userName || session?.userInfo.userName || '';
  return (
    <Section title={t('dashboard.user.cardTitle')} icon={<UserIcon />} className="hearth-card">
      <SectionCard>
        <DetailList
          rows={[
            { label: t('dashboard.user.name'), value: name, testId: 'user-name' },
            { label: t('dashboard.user.account'), value: userInfo?.account ?? '' },
            { label: t('dashboard.user.roles'), value: roles.map((r) => roleLabel(t, r)).join(', '), testId: 'user-roles' },
          ]}
        />
      </SectionCard>
    </Section>
  );
}
