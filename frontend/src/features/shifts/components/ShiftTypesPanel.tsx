import { useState } from 'react';
import { Button, DialogBody, DialogFooter, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { AddIcon, CalendarIcon, EditIcon, TrashIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ShiftType } from '@/types/api.gen';
import { ShiftTypesMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { shiftKey } from '../api/keys';
import { deleteShiftType, useShiftTypes } from '../api/shiftTypes';
import { CREDENTIAL_KEYS, labelOf, minutesText, shiftHoursText } from '../shiftLabels';
import { ShiftTypeDialog } from './ShiftTypeDialog';

export function schedulingPath(shiftTypeId: string): string {
  return `/shift-management/shift-scheduling/${encodeURIComponent(shiftTypeId)}`;
}

/** The facility's shift types with their hours, staff and credential; add, edit, delete an unused one, schedule. */
export function ShiftTypesPanel() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const types = useShiftTypes();
  const [editing, setEditing] = useState<ShiftType | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ShiftType | null>(null);
  const remove = useAppMutation({
    mutationFn: (id: string) => deleteShiftType(id),
    invalidates: [shiftKey],
    success: 'shifts.done.typeDeleted',
    onSettled: () => setDeleting(null),
  });
  const list = types.data ?? [];

  return (
    // The table's region carries the title's name; the section is not a second landmark of it.
    <section data-testid="shift-types">
      <div className="hearth-shift-section-head">
        <SectionTitle id="shift-types-title">{t('shifts.types.title')}</SectionTitle>
        <Button
          icon={<AddIcon />}
          intent={Intent.PRIMARY}
          disabled={list.length >= ShiftTypesMax}
          onClick={() => setEditing('new')}
          data-testid="shift-type-add"
        >
          {t('shifts.types.add')}
        </Button>
      </div>
      <p className="hearth-muted">{t('shifts.types.intro')}</p>
      <QueryErrorBanner query={types} />
      {types.isPending ? (
        <Spinner size={24} />
      ) : list.length === 0 ? (
        <EmptyState title={t('shifts.types.empty')} />
      ) : (
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('shifts.types.title')}>
          <HTMLTable compact striped className="hearth-card-table">
            <thead>
              <tr>
                <th>{t('shifts.field.name')}</th>
                <th>{t('shifts.field.hours')}</th>
                <th>{t('shifts.field.minStaff')}</th>
                <th>{t('shifts.field.credential')}</th>
                <th>{t('common.table.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.shiftTypeId} data-testid="shift-type-row" data-name={s.name}>
                  <td className="hearth-card-title">
                    <span className="hearth-shift-swatch" style={{ background: s.color }} aria-hidden="true" /> {s.name}{' '}
                    {s.active ? null : <Tag minimal>{t('shifts.types.inactive')}</Tag>}
                  </td>
                  <td data-label={t('shifts.field.hours')}>
                    {shiftHoursText(t, s.startTime, s.endTime, language)}
                    <span className="hearth-muted"> · {minutesText(t, s.durationMinutes)}</span>
                  </td>
                  <td data-label={t('shifts.field.minStaff')}>{s.minStaff}</td>
                  <td data-label={t('shifts.field.credential')}>
                    {s.requiredCredential ? labelOf(t, CREDENTIAL_KEYS, s.requiredCredential) : t('shifts.form.noCredential')}
                  </td>
                  <td data-label={t('common.table.actions')}>
                    <div className="hearth-shift-actions">
                      <Link
                        className="bp6-button bp6-intent-primary hearth-shift-link-button"
                        to={schedulingPath(s.shiftTypeId)}
                        data-testid="shift-type-schedule"
                      >
                        <CalendarIcon /> <span>{t('shifts.types.schedule', { name: s.name })}</span>
                      </Link>
                      <Button icon={<EditIcon />} onClick={() => setEditing(s)} aria-label={t('shifts.types.edit', { name: s.name })} data-testid="shift-type-edit" />
                      {s.scheduled ? null : (
                        <Button
                          icon={<TrashIcon />}
                          intent={Intent.DANGER}
                          variant="minimal"
                          onClick={() => setDeleting(s)}
                          aria-label={t('shifts.types.delete', { name: s.name })}
                        />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {editing ? <ShiftTypeDialog shiftType={editing === 'new' ? undefined : editing} others={list} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <AppDialog title={t('shifts.types.deleteTitle')} onClose={() => setDeleting(null)} className="hearth-shift-confirm">
          <DialogBody>
            <p>{t('common.confirm.permanentDelete', { name: deleting.name })}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setDeleting(null)}>{t('common.action.cancel')}</Button>
                <Button intent={Intent.DANGER} loading={remove.isPending} onClick={() => remove.mutate(deleting.shiftTypeId)}>
                  {t('shifts.types.deleteConfirmButton')}
                </Button>
              </>
            }
          />
        </AppDialog>
      ) : null}
    </section>
  );
}
