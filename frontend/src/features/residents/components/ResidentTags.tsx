import { Intent, Tag } from '@blueprintjs/core';
import { HeartIcon, WarningSignIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { Resident } from '@/types/api.gen';
import { ResidentGoingOut, ResidentNormal } from '@/types/api.gen';
import { labelOf, STATUS_KEYS } from '@/lib/residents/residentLabels';
import { residentBadges } from '@/lib/residents/residentRules';

/** The status as a tag: in the home (green), going out (orange), moved out or deceased (grey). */
export function ResidentStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const intent = status === ResidentNormal ? Intent.SUCCESS : status === ResidentGoingOut ? Intent.WARNING : Intent.NONE;
  return (
    <Tag minimal round intent={intent} data-testid="resident-status" data-status={status}>
      {labelOf(t, STATUS_KEYS, status)}
    </Tag>
  );
}

/** DNR and allergy badges: what a caregiver must know at a glance. */
export function ResidentBadges({ resident }: { resident: Pick<Resident, 'dnr' | 'allergies'> }) {
  const { t } = useTranslation();
  const badges = residentBadges(resident);
  if (!badges.dnr && !badges.allergies) return null;
  return (
    <span className="hearth-resident-badges">
      {badges.dnr ? (
        <Tag intent={Intent.DANGER} icon={<HeartIcon />} title={t('residents.badge.dnrHint')} data-testid="badge-dnr">
          {t('residents.badge.dnr')}
        </Tag>
      ) : null}
      {badges.allergies ? (
        <Tag
          intent={Intent.WARNING}
          icon={<WarningSignIcon />}
          title={t('residents.badge.allergiesHint', { list: resident.allergies })}
          data-testid="badge-allergies"
        >
          {t('residents.badge.allergies')}
        </Tag>
      ) : null}
    </span>
  );
}
