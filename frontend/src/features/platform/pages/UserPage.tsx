import { useState } from 'react';
import { Alert, Button, Checkbox, Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { UserFilter, UserRow } from '@/types/api.gen';
import { UserSearchMax } from '@/types/api.gen';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { Select } from '@/components/Select';
import { useAppMutation } from '@/lib/api/mutation';
import { currentLanguage } from '@/lib/i18n';
import { formatDateTime } from '@/lib/time/dateTime';
import { TableEmpty } from '@/lib/ui/TableEmpty';
import { changeUserStatus, useUserDetail, userAction, usersKey, useUsers, type UserAction } from '../api/users';

/** spec 001 §9 "Default page size": 20, options 20, 50, 100. */
const PAGE_SIZES = [20, 50, 100] as const;
const ROLES = ['SUPER_ADMIN', 'FACILITY_OWNER', 'FACILITY_OWNER_REGISTER', 'FACILITY_ADMIN', 'CAREGIVER_STAFF'] as const;
const STATUSES = ['enabled', 'disabled', 'unverified'] as const;
type Role = (typeof ROLES)[number];
type Status = (typeof STATUSES)[number];

function UserDetailDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const detail = useUserDetail(user.userId);
  const [confirmReset, setConfirmReset] = useState(false);
  const u = detail.data?.user ?? user;
  const act = useAppMutation({
    mutationFn: (a: UserAction) => userAction(a, user.userId),
    invalidates: [usersKey],
    success: 'platform.user.done',
    onSettled: () => setConfirmReset(false),
  });
  const status = useAppMutation({
    mutationFn: (s: 'enabled' | 'disabled') => changeUserStatus({ userId: user.userId, status: s }),
    invalidates: [usersKey],
    success: 'platform.user.done',
  });
  return (
    <AppDialog title={u.name} onClose={onClose} style={{ maxWidth: 680, width: 'calc(100vw - 24px)' }}>
      {/* The body scrolls on a phone and holds nothing focusable, so it takes the focus itself (keyboard scrolling). */}
      <div tabIndex={0} role="region" aria-label={u.name} className={Classes.DIALOG_BODY} data-testid="user-detail">
        <p>
          {u.account} · {u.email} · {u.phone}
        </p>
        <p>
          <Tag minimal intent={u.status === 'enabled' ? Intent.SUCCESS : Intent.NONE} data-testid="user-detail-status">
            {t(`platform.user.statuses.${u.status as Status}`)}
          </Tag>{' '}
          {u.lockedUntil ? (
            <Tag minimal intent={Intent.DANGER} data-testid="user-detail-locked">
              {t('platform.user.lockedUntil', { time: formatDateTime(u.lockedUntil, undefined, language) })}
            </Tag>
          ) : null}{' '}
          {u.useTempPassword ? <Tag minimal>{t('platform.user.tempPassword')}</Tag> : null}
        </p>
        <QueryErrorBanner query={detail} />
        <h3>{t('platform.user.memberships')}</h3>
        <ul>
          {(detail.data?.memberships ?? []).map((m) => (
            <li key={m.tenantId}>
              {m.facilityName} · {t(`platform.user.roles.${m.role as Role}`)} · {t(`platform.user.statuses.${m.status as Status}`)}
            </li>
          ))}
          {u.platformRole ? <li>{t(`platform.user.roles.${u.platformRole as Role}`)}</li> : null}
        </ul>
        <h3>{t('platform.user.signIns')}</h3>
        {detail.data && detail.data.signIns.length === 0 ? <p className="hearth-muted">{t('platform.user.noSignIns')}</p> : null}
        <ul data-testid="user-signins">
          {(detail.data?.signIns ?? []).map((s) => (
            <li key={s.loginAt}>
              {formatDateTime(s.loginAt, undefined, language)} · {s.facilityName || '—'} · {s.ip} ·{' '}
              {s.live ? t('platform.user.live') : t('platform.user.ended')}
            </li>
          ))}
        </ul>
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS} style={{ flexWrap: 'wrap', gap: 8 }}>
          {u.lockedUntil ? (
            <Button intent={Intent.PRIMARY} loading={act.isPending} data-testid="user-unlock" onClick={() => act.mutate('unlockUser')}>
              {t('platform.user.unlock')}
            </Button>
          ) : null}
          <Button loading={act.isPending} data-testid="user-signout" onClick={() => act.mutate('signOutEverywhere')}>
            {t('platform.user.signOut')}
          </Button>
          {u.status !== 'disabled' ? (
            <Button data-testid="user-reset" onClick={() => setConfirmReset(true)}>
              {t('platform.user.resetPassword')}
            </Button>
          ) : null}
          {u.status === 'enabled' ? (
            <Button intent={Intent.DANGER} loading={status.isPending} data-testid="user-disable" onClick={() => status.mutate('disabled')}>
              {t('platform.user.disable')}
            </Button>
          ) : null}
          {u.status === 'disabled' ? (
            <Button intent={Intent.SUCCESS} loading={status.isPending} data-testid="user-enable" onClick={() => status.mutate('enabled')}>
              {t('platform.user.enable')}
            </Button>
          ) : null}
        </div>
      </div>
      <Alert
        isOpen={confirmReset}
        intent={Intent.WARNING}
        confirmButtonText={t('platform.user.resetPassword')}
        cancelButtonText={t('common.action.cancel')}
        loading={act.isPending}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => act.mutate('resetUserPassword')}
      >
        <p>{t('platform.user.resetConfirm', { name: u.name })}</p>
      </Alert>
    </AppDialog>
  );
}

/** /IAM/user (super admin): every home's people; a person's homes and sign-ins; unlock, reset, disable, sign out. */
export default function UserPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<UserFilter>({});
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] as number });
  const list = useUsers({ ...paging, data: filter });
  const [open, setOpen] = useState<UserRow | null>(null);
  const apply = (next: UserFilter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, current: 1 }));
  };
  return (
    <div className="hearth-page">
      <PageHeader title={t('platform.user.title')} />
      <form
        className="hearth-filter-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply({ ...filter, keyword: keyword.trim() || undefined });
        }}
      >
        <InputGroup
          aria-label={t('platform.user.search')}
          placeholder={t('platform.user.search')}
          leftIcon={<SearchIcon />}
          maxLength={UserSearchMax}
          value={keyword}
          data-testid="user-search"
          onChange={(e) => setKeyword(e.currentTarget.value)}
        />
        <Select
          aria-label={t('platform.user.allRoles')}
          value={filter.role ?? ''}
          onChange={(e) => apply({ ...filter, role: (e.currentTarget.value || undefined) as UserFilter['role'] })}
          options={[{ value: '', label: t('platform.user.allRoles') }, ...ROLES.map((r) => ({ value: r, label: t(`platform.user.roles.${r}`) }))]}
        />
        <Select
          aria-label={t('platform.user.status')}
          value={filter.status ?? ''}
          onChange={(e) => apply({ ...filter, status: (e.currentTarget.value || undefined) as UserFilter['status'] })}
          options={[
            { value: '', label: t('platform.user.allStatuses') },
            ...STATUSES.map((s) => ({ value: s, label: t(`platform.user.statuses.${s}`) })),
          ]}
        />
        <Checkbox
          checked={filter.locked ?? false}
          label={t('platform.user.lockedOnly')}
          data-testid="user-locked-filter"
          onChange={(e) => apply({ ...filter, locked: e.currentTarget.checked || undefined })}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon={<SearchIcon />}>
          {t('platform.user.query')}
        </Button>
      </form>
      <QueryErrorBanner query={list} />
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('common.table.region')}>
        <HTMLTable striped className="hearth-card-table" style={{ minWidth: 760, width: '100%' }}>
          <thead>
            <tr>
              <th>{t('platform.user.name')}</th>
              <th>{t('platform.user.account')}</th>
              <th>{t('platform.user.email')}</th>
              <th>{t('platform.user.status')}</th>
              <th>{t('platform.user.homes')}</th>
              <th>{t('common.table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.records ?? []).map((u) => (
              <tr key={u.userId} data-testid="user-row" data-account={u.account}>
                <td className="hearth-card-title">{u.name}</td>
                <td data-label={t('platform.user.account')}>{u.account}</td>
                <td data-label={t('platform.user.email')}>{u.email}</td>
                <td data-label={t('platform.user.status')}>
                  {t(`platform.user.statuses.${u.status as Status}`)}
                  {u.lockedUntil ? (
                    <>
                      {' '}
                      <Tag minimal intent={Intent.DANGER}>
                        {t('platform.user.locked')}
                      </Tag>
                    </>
                  ) : null}
                </td>
                <td data-label={t('platform.user.homes')}>{u.platformRole ? t(`platform.user.roles.${u.platformRole as Role}`) : u.facilities}</td>
                <td className="hearth-card-actions">
                  <Button size="small" data-testid="user-open" onClick={() => setOpen(u)} aria-label={t('platform.user.openNamed', { name: u.name })}>
                    {t('platform.user.open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {(list.data?.records.length ?? 0) === 0 ? <TableEmpty loading={list.isPending} icon={<SearchIcon />} title={t('platform.user.empty')} /> : null}
      </div>
      <Pager
        current={paging.current}
        size={paging.size}
        sizes={PAGE_SIZES}
        total={list.data?.total ?? 0}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {open ? <UserDetailDialog user={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
