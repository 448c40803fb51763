import { Tag } from '@blueprintjs/core';
import { FlagIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { FacilityDocRedFlag } from '@/types/api.gen';

/** A checklist item's red flags (computed by the server): an expired document, a signature outstanding, items the check missed. */
export function RedFlags({ flags }: { flags: readonly FacilityDocRedFlag[] | undefined }) {
  const { t } = useTranslation();
  if (!flags?.length) return null;
  return (
    <div className="hearth-fdoc-flags" data-testid="fdoc-red-flags">
      {flags.map((f) => (
        <Tag key={f.kind} intent="danger" icon={<FlagIcon />} data-testid="fdoc-red-flag" data-kind={f.kind}>
          {f.kind === 'EXPIRED'
            ? t('facilityDocs.redFlag.EXPIRED')
            : f.kind === 'MISSING_SIGNATURE'
              ? t('facilityDocs.redFlag.MISSING_SIGNATURE', { count: f.count ?? 1 })
              : t('facilityDocs.redFlag.MISSED_ITEM', { count: f.count ?? f.items?.length ?? 0 })}
        </Tag>
      ))}
    </div>
  );
}
