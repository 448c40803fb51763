import { useState } from 'react';
import { Button, HTMLTable, Intent } from '@blueprintjs/core';
import { ArrowRightIcon, CrossIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResidentFilterMovingIn } from '@/types/api.gen';
import { SectionTitle } from '@/components/SectionTitle';
import { CancelMoveInDialog } from '@/components/residents/CancelMoveInDialog';
import { currentLanguage } from '@/lib/i18n';
import { formatCalendarDate, formatDateTime } from '@/lib/time/dateTime';
import { residentsKey } from '../api/keys';
import { useResidentList } from '../api/listResidentByPage';
import { moveInResumeUrl } from '../residentPaths';

/** A home has 2–8 residents: more move-ins than this under way at once is not expected. */
const MOVE_INS_SHOWN = 20;

/**
 * Move-ins not finished yet (residents MOVING_IN, owners and admins): who, born, room, when it started, and
 * Continue, which opens the wizard at the first step not yet saved, and Cancel move-in, which abandons it with a
 * reason (the row goes). Nothing shows when there are none.
 */
export function MoveInsInProgress({ zone }: { zone: string | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const list = useResidentList({ current: 1, size: MOVE_INS_SHOWN, data: { status: ResidentFilterMovingIn } });
  const [cancelling, setCancelling] = useState<{ residentId: string; name: string } | null>(null);
  const records = list.data?.records ?? [];
  if (records.length === 0 && cancelling === null) return null;
  return (
    // The table's region is named by the title; the section is not a second landmark of that name.
    <section className="hearth-movein-progress hearth-gap-bottom" data-testid="resident-move-ins">
      <SectionTitle id="resident-move-ins-title">{t('residents.moveIn.inProgress')}</SectionTitle>
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-labelledby="resident-move-ins-title">
        <HTMLTable className="hearth-card-table" style={{ minWidth: 560, width: '100%' }}>
          <thead>
            <tr>
              <th>{t('residents.list.name')}</th>
              <th>{t('residents.field.dob')}</th>
              <th>{t('residents.list.room')}</th>
              <th>{t('residents.moveIn.started')}</th>
              <th>{t('common.table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => {
              const name = r.name || `${r.firstName} ${r.lastName}`;
              return (
                <tr key={r.residentId} data-testid="resident-move-in-row" data-resident-id={r.residentId} data-name={name}>
                  <td className="hearth-card-title">{name}</td>
                  <td data-label={t('residents.field.dob')}>{formatCalendarDate(r.dob, language)}</td>
                  <td data-label={t('residents.list.room')}>{r.room}</td>
                  <td className="hearth-cell-nowrap" data-label={t('residents.moveIn.started')}>
                    {formatDateTime(r.createTime, zone, language)}
                  </td>
                  <td className="hearth-cell-nowrap hearth-card-actions">
                    <Button
                      intent={Intent.PRIMARY}
                      endIcon={<ArrowRightIcon />}
                      aria-label={t('residents.moveIn.continueNamed', { name })}
                      onClick={() => void navigate(moveInResumeUrl(r.residentId))}
                      data-testid="resident-move-in-continue"
                    >
                      {t('residents.moveIn.continue')}
                    </Button>{' '}
                    <Button
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon={<CrossIcon />}
                      aria-label={t('residents.moveIn.cancelNamed', { name })}
                      onClick={() => setCancelling({ residentId: r.residentId, name })}
                      data-testid="resident-move-in-cancel"
                    >
                      {t('residents.moveIn.cancel')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
      {cancelling ? (
        <CancelMoveInDialog
          residentId={cancelling.residentId}
          name={cancelling.name}
          invalidates={[residentsKey]}
          onClose={() => setCancelling(null)}
          onCancelled={() => setCancelling(null)}
        />
      ) : null}
    </section>
  );
}
