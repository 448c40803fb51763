import { useState } from 'react';
import { Button, Classes, FormGroup, HTMLTable, InputGroup, Intent, Switch, Tag } from '@blueprintjs/core';
import { EditIcon, ResetIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { PageHeader } from '@/components/PageHeader';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { useAppMutation } from '@/lib/api/mutation';
import { useNarrow } from '@/lib/ui/useNarrow';
import { paramsKey, resetParam, updateParam, useParams, validParamValue, type Param } from '../api/params';
import '../params.css';

const UNIT_KEYS = {
  seconds: 'platformParams.unit.seconds',
  minutes: 'platformParams.unit.minutes',
  days: 'platformParams.unit.days',
  years: 'platformParams.unit.years',
  count: 'platformParams.unit.count',
} as const;

type ShownKey = 'platformParams.on' | 'platformParams.off' | 'platformParams.empty' | (typeof UNIT_KEYS)[keyof typeof UNIT_KEYS];

function shown(t: (key: ShownKey) => string, p: Param, value: string): string {
  if (p.kind === 'BOOL') return value === 'true' ? t('platformParams.on') : t('platformParams.off');
  if (value === '') return t('platformParams.empty');
  const unit = UNIT_KEYS[p.unit as keyof typeof UNIT_KEYS];
  return unit ? `${value} ${t(unit)}` : value;
}

/** The groups in the order the server lists their first parameter; a group the UI has no name for shows its code. */
const GROUP_KEYS = {
  signIn: 'platformParams.group.signIn',
  password: 'platformParams.group.password',
  chat: 'platformParams.group.chat',
  report: 'platformParams.group.report',
  support: 'platformParams.group.support',
  retention: 'platformParams.group.retention',
  facilityDocs: 'platformParams.group.facilityDocs',
  ai: 'platformParams.group.ai',
} as const;

/** Parameters by group, groups in the order of their first parameter. */
export function groupParams(list: readonly Param[]): { group: string; params: Param[] }[] {
  const out: { group: string; params: Param[] }[] = [];
  for (const p of list) {
    const g = out.find((x) => x.group === p.group);
    if (g) g.params.push(p);
    else out.push({ group: p.group, params: [p] });
  }
  return out;
}

/** /params-setting (super admin): the run-time parameters by group; a change is used by every server within a second. */
export default function ParamsPage() {
  const { t } = useTranslation();
  const list = useParams();
  const narrow = useNarrow();
  const [editing, setEditing] = useState<Param | null>(null);
  const reset = useAppMutation({ mutationFn: (p: Param) => resetParam(p.key), invalidates: [paramsKey], success: 'platformParams.done.reset' });
  const actions = (p: Param) => (
    <>
      <Button variant="minimal" icon={<EditIcon />} aria-label={t('platformParams.edit', { key: p.key })} onClick={() => setEditing(p)} />
      <Button
        variant="minimal"
        icon={<ResetIcon />}
        disabled={p.isDefault}
        aria-label={t('platformParams.reset', { key: p.key })}
        onClick={() => reset.mutate(p)}
      />
    </>
  );
  const value = (p: Param) => (
    <>
      {shown((k) => t(k), p, p.value)} {p.isDefault ? <Tag minimal>{t('platformParams.default')}</Tag> : null}
    </>
  );
  return (
    <div className="hearth-page">
      <PageHeader title={t('platformParams.title')} />
      <p className="hearth-muted">{t('platformParams.intro')}</p>
      <QueryErrorBanner query={list} />
      <div data-testid="params-table">
        {groupParams(list.data ?? []).map(({ group, params }) => {
          const title = group in GROUP_KEYS ? t(GROUP_KEYS[group as keyof typeof GROUP_KEYS]) : group;
          return (
            <section key={group} className="hearth-params-group">
              <h2 id={`params-group-${group}`} className={Classes.HEADING}>
                {title}
              </h2>
              {narrow ? (
                <ul className="hearth-params-cards">
                  {params.map((p) => (
                    <li key={p.key} data-testid={`param-${p.key}`}>
                      <div>{p.description}</div>
                      <small className="hearth-muted">{p.key}</small>
                      <dl>
                        <dt>{t('platformParams.col.value')}</dt>
                        <dd>{value(p)}</dd>
                        <dt>{t('platformParams.col.default')}</dt>
                        <dd>{shown((k) => t(k), p, p.defaultValue)}</dd>
                      </dl>
                      <div>{actions(p)}</div>
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={title}>
                  <HTMLTable striped compact className="hearth-params-table">
                    <thead>
                      <tr>
                        <th>{t('platformParams.col.parameter')}</th>
                        <th>{t('platformParams.col.value')}</th>
                        <th>{t('platformParams.col.default')}</th>
                        <th>{t('platformParams.col.actions')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {params.map((p) => (
                        <tr key={p.key} data-testid={`param-${p.key}`}>
                          <td>
                            <div>{p.description}</div>
                            <small className="hearth-muted">{p.key}</small>
                          </td>
                          <td>{value(p)}</td>
                          <td>{shown((k) => t(k), p, p.defaultValue)}</td>
                          <td style={{ whiteSpace: 'nowrap' }}>{actions(p)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                </div>
              )}
            </section>
          );
        })}
      </div>
      {editing ? <EditDialog param={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function EditDialog({ param, onClose }: { param: Param; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(param.value);
  const save = useAppMutation({
    mutationFn: () => updateParam(param.key, value.trim()),
    invalidates: [paramsKey],
    success: 'platformParams.done.saved',
    onSuccess: onClose,
  });
  const ok = validParamValue(param, value.trim());
  const hint =
    param.kind === 'INT'
      ? t('platformParams.bounds', { min: param.min, max: param.max })
      : param.kind === 'TEXT'
        ? t('platformParams.length', { min: param.min, max: param.max })
        : undefined;
  return (
    <AppDialog title={t('platformParams.editTitle')} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ok) save.mutate();
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <p>{param.description}</p>
          {param.kind === 'BOOL' ? (
            <Switch checked={value === 'true'} label={t('platformParams.on')} onChange={(e) => setValue(e.currentTarget.checked ? 'true' : 'false')} />
          ) : (
            <FormGroup label={t('platformParams.col.value')} labelFor="param-value" helperText={hint} intent={ok ? Intent.NONE : Intent.DANGER}>
              <InputGroup
                id="param-value"
                data-testid="param-value"
                value={value}
                inputMode={param.kind === 'INT' ? 'numeric' : undefined}
                maxLength={param.kind === 'TEXT' ? param.max : undefined}
                intent={ok ? Intent.NONE : Intent.DANGER}
                onChange={(e) => setValue(e.currentTarget.value)}
              />
            </FormGroup>
          )}
        </div>
        <div className={Classes.DIALOG_FOOTER}>
          <div className={Classes.DIALOG_FOOTER_ACTIONS}>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button type="submit" intent={Intent.PRIMARY} disabled={!ok} loading={save.isPending} data-testid="param-save">
              {t('platformParams.save')}
            </Button>
          </div>
        </div>
      </form>
    </AppDialog>
  );
}
