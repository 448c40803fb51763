import { useMemo, useState } from 'react';
import { Button, Intent, Tag } from '@blueprintjs/core';
import { AddIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { ListShiftReportFilter, ShiftReport } from '@/types/api.gen';
import { ShiftReportDraft, ShiftReportSubmit } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { Select } from '@/components/Select';
import { useFacilityViewer } from '@/lib/session/viewer';
import { useNow } from '@/lib/time/useNow';
import { zonedDate } from '@/lib/time/zone';
import { useReports, useUnreadReports } from '../api/reports';
import { useMyShifts } from '../api/schedule';
import { useShiftTypes } from '../api/shiftTypes';
import { MyShifts } from '../components/MyShifts';
import { ReportEditorDialog, type ShiftChoice } from '../components/ReportEditorDialog';
import { ReportList } from '../components/ReportList';
import { ReportViewDialog } from '../components/ReportViewDialog';
import '../shifts.css';

const PAGE_SIZES = [10, 20, 50] as const;
type Show = 'all' | 'unread' | 'drafts' | 'mine';
type Dialog = { kind: 'new' } | { kind: 'edit'; report: ShiftReport } | { kind: 'view'; report: ShiftReport };

function filterOf(show: Show, userId: string | undefined): ListShiftReportFilter {
  if (show === 'unread') return { status: ShiftReportSubmit, unreadOnly: true };
  if (show === 'drafts') return { status: ShiftReportDraft };
  if (show === 'mine') return { authorId: userId };
  return {};
}

/**
 * /shift-report (spec 000 §2; every facility role with the menu): my shifts (this week and next, the next one
 * highlighted; caregivers look here), then the shift reports — submitted ones of the facility and the
 * reader's drafts, unread first with the unread count — and a new report prefilled from the day's data.
 */
export default function ShiftReportPage() {
  const { t } = useTranslation();
  const viewer = useFacilityViewer();
  const now = useNow(60_000);
  const today = zonedDate(now, viewer.zone);
  const [show, setShow] = useState<Show>('all');
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = useReports({ current: paging.current, size: paging.size, data: filterOf(show, viewer.userId) });
  const unread = useUnreadReports();
  const mine = useMyShifts();
  const types = useShiftTypes();

  const choices = useMemo<ShiftChoice[]>(() => {
    const out = new Map<string, string>();
    for (const s of types.data ?? []) out.set(s.shiftTypeId, s.name);
    for (const s of mine.data?.shifts ?? []) out.set(s.shiftTypeId, s.shiftTypeName);
    return [...out.entries()].map(([shiftTypeId, name]) => ({ shiftTypeId, name }));
  }, [types.data, mine.data]);
  // A new report is about the shift the caregiver last started (a night shift started yesterday), else today.
  const start = useMemo(() => {
    const begun = [...(mine.data?.shifts ?? [])].filter((s) => s.start <= now).sort((a, b) => b.start - a.start)[0];
    return begun && begun.day >= zonedDate(now - 36 * 3_600_000, viewer.zone)
      ? { shiftDate: begun.day, shiftTypeId: begun.shiftTypeId }
      : { shiftDate: today, shiftTypeId: '' };
  }, [mine.data, now, today, viewer.zone]);

  const count = unread.data?.count ?? 0;
  return (
    <div className="hearth-page hearth-shift-page" data-testid="shift-report-page">
      <PageHeader title={t('shifts.page.reportTitle')} />
      <MyShifts hideWhenEmpty={viewer.manager} />

      {/* The list's table region carries the title's name; the section is not a second landmark of it. */}
      <section>
        <div className="hearth-shift-section-head">
          <SectionTitle id="shift-reports-title">
            {t('shifts.report.listTitle')}{' '}
            {count > 0 ? (
              <Tag intent="primary" round data-testid="shift-report-unread-count" data-count={count}>
                {t('shifts.report.unreadCount', { n: count })}
              </Tag>
            ) : null}
          </SectionTitle>
          <Button icon={<AddIcon />} intent={Intent.PRIMARY} onClick={() => setDialog({ kind: 'new' })} data-testid="shift-report-new">
            {t('shifts.report.new')}
          </Button>
        </div>
        <div className="hearth-filter-bar">
          <label htmlFor="shift-report-show">{t('shifts.report.show')}</label>
          <Select
            id="shift-report-show"
            value={show}
            onChange={(e) => {
              setShow(e.currentTarget.value as Show);
              setPaging((p) => ({ ...p, current: 1 }));
            }}
          >
            <option value="all">{t('shifts.report.showAll')}</option>
            <option value="unread">{t('shifts.report.showUnread')}</option>
            <option value="drafts">{t('shifts.report.showDrafts')}</option>
            <option value="mine">{t('shifts.report.showMine')}</option>
          </Select>
        </div>
        <QueryErrorBanner query={list} />
        <ReportList
          records={list.data?.records ?? []}
          loading={list.isPending}
          zoneCode={viewer.zoneCode}
          onOpen={(r) => setDialog(r.status === ShiftReportDraft && r.editable ? { kind: 'edit', report: r } : { kind: 'view', report: r })}
        />
        <Pager
          current={paging.current}
          size={paging.size}
          total={list.data?.total ?? 0}
          sizes={PAGE_SIZES}
          onChange={(current, size) => setPaging({ current, size })}
        />
      </section>

      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <ReportEditorDialog
          report={dialog.kind === 'edit' ? dialog.report : undefined}
          start={start}
          today={today}
          zoneCode={viewer.zoneCode}
          shiftChoices={choices}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'view' ? <ReportViewDialog report={dialog.report} zoneCode={viewer.zoneCode} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
