import { useState } from 'react';
import { Button, Callout, Checkbox, HTMLTable, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { EmptyState } from '@/components/EmptyState';
import { FloppyDiskIcon, PulseIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AIConfig, AIConfigTestResult } from '@/types/api.gen';
import { PageHeader } from '@/components/PageHeader';
import { Pager } from '@/components/Pager';
import { QueryErrorBanner } from '@/components/QueryErrorBanner';
import { SectionTitle } from '@/components/SectionTitle';
import { Select } from '@/components/Select';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { FormField } from '@/lib/form/FormField';
import { FormProblem } from '@/lib/form/FormProblem';
import { currentLanguage } from '@/lib/i18n';
import { planLabel } from '@/lib/i18n/labels';
import { formatDateTime } from '@/lib/time/dateTime';
import { useAIConfig, saveAIConfig, testAIConfig } from '../api/config';
import { aiKey } from '../api/keys';
import { useAIUsage } from '../api/usage';
import { CAPABILITY_KEYS, keyOf } from '../aiLabels';
import {
  CAPABILITIES,
  checkConfig,
  draftOf,
  placeServerErrors,
  placeTestErrors,
  PLANS,
  saveRequest,
  testRequest,
  type ConfigDraft,
  type ProviderDraft,
} from '../configForm';
import { usageFacility } from '../usageLog';
import '../ai.css';

const USAGE_SIZES = [20, 50, 100] as const;

function ConfigForm({ config }: { config: AIConfig }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ConfigDraft>(() => draftOf(config));
  const [checked, setChecked] = useState(false);
  const [tests, setTests] = useState<Record<string, AIConfigTestResult | 'running'>>({});
  /** "Test connection"'s refusals of a field (a bad base URL), by capability, shown under the field until it changes. */
  const [testErrors, setTestErrors] = useState<Record<string, Record<string, string>>>({});
  const save = useAppMutation({
    mutationFn: () => saveAIConfig(saveRequest(draft)),
    invalidates: [aiKey],
    success: 'ai.config.saved',
    onSuccess: (saved) => {
      setDraft(draftOf(saved));
      setChecked(false);
    },
  });
  const problems = checked ? checkConfig(draft) : {};
  const server = placeServerErrors(fieldErrors(save.error), draft);
  const fromTests = Object.assign({}, ...Object.values(testErrors)) as Record<string, string>;
  const errorOf = (field: string) =>
    server[field] ?? fromTests[field] ?? (problems[field as keyof typeof problems] ? t(problems[field as keyof typeof problems]) : undefined);
  const capabilityLabel = (c: string) => {
    const key = keyOf(CAPABILITY_KEYS, c);
    return key ? t(key) : c;
  };
  const setProvider = (capability: string, patch: Partial<ProviderDraft>) => {
    setDraft((d) => ({ ...d, providers: d.providers.map((p) => (p.capability === capability ? { ...p, ...patch } : p)) }));
    setTestErrors((all) => (all[capability] ? { ...all, [capability]: {} } : all));
  };
  const togglePlan = (plan: string, capability: string, on: boolean) =>
    setDraft((d) => {
      const have = d.plans[plan] ?? [];
      return { ...d, plans: { ...d.plans, [plan]: on ? [...new Set([...have, capability])] : have.filter((c) => c !== capability) } };
    });
  const runTest = async (p: ProviderDraft) => {
    setTests((all) => ({ ...all, [p.capability]: 'running' }));
    setTestErrors((all) => ({ ...all, [p.capability]: {} }));
    try {
      const result = await testAIConfig(testRequest(p));
      setTests((all) => ({ ...all, [p.capability]: result }));
    } catch (err) {
      // A refused field (a bad base URL) is said under that field; anything else beside the button.
      const { '': top, ...fields } = placeTestErrors(fieldErrors(err), p.capability);
      setTestErrors((all) => ({ ...all, [p.capability]: fields }));
      if (Object.keys(fields).length > 0 && !top) {
        setTests(({ [p.capability]: _done, ...others }) => others);
      } else {
        setTests((all) => ({ ...all, [p.capability]: { ok: false, latencyMs: 0, model: '', message: top ?? (err instanceof Error ? err.message : '') } }));
      }
    }
  };
  const submit = () => {
    setChecked(true);
    if (Object.keys(checkConfig(draft)).length > 0) return;
    save.mutate();
  };
  const top = checked && Object.keys(problems).length > 0 ? t('ai.config.fixFields') : server[''];

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <FormProblem message={top} testId="ai-config-problem" />
      <SectionTitle>{t('ai.config.providers')}</SectionTitle>
      <p className="hearth-muted">{t('ai.config.providersIntro')}</p>
      {draft.providers.map((p) => {
        const saved = config.providers.find((x) => x.capability === p.capability);
        const test = tests[p.capability];
        const id = `ai-${p.capability}`;
        return (
          <fieldset key={p.capability} className="hearth-ai-config-provider" data-testid={`ai-provider-${p.capability}`}>
            <legend>
              <strong>{capabilityLabel(p.capability)}</strong>{' '}
              {saved ? (
                <Tag minimal intent={saved.source === 'NONE' ? Intent.NONE : Intent.SUCCESS}>
                  {saved.source === 'DATABASE' ? t('ai.config.source.DATABASE') : saved.source === 'ENVIRONMENT' ? t('ai.config.source.ENVIRONMENT') : t('ai.config.source.NONE')}
                </Tag>
              ) : null}
            </legend>
            <div className="hearth-ai-config-grid">
              <FormField id={`${id}-baseUrl`} label={t('ai.config.baseUrl')} error={errorOf(`providers.${p.capability}.baseUrl`)} hint={t('ai.config.baseUrlHint')}>
                <InputGroup
                  id={`${id}-baseUrl`}
                  type="url"
                  value={p.baseUrl}
                  placeholder="https://api.openai.com/v1"
                  onChange={(e) => setProvider(p.capability, { baseUrl: e.currentTarget.value })}
                />
              </FormField>
              <FormField id={`${id}-model`} label={t('ai.config.model')} error={errorOf(`providers.${p.capability}.model`)} hint={t('ai.config.modelHint')}>
                <InputGroup id={`${id}-model`} value={p.model} onChange={(e) => setProvider(p.capability, { model: e.currentTarget.value })} />
              </FormField>
              <FormField
                id={`${id}-apiKey`}
                label={saved?.apiKeySet ? t('ai.config.replaceKey') : t('ai.config.apiKey')}
                error={errorOf(`providers.${p.capability}.apiKey`)}
                hint={
                  saved?.keyUnreadable
                    ? t('ai.config.keyUnreadable')
                    : saved?.apiKeySet
                      ? t('ai.config.keyKept', { masked: saved.apiKeyMasked })
                      : t('ai.config.noKey')
                }
              >
                <InputGroup
                  id={`${id}-apiKey`}
                  type="password"
                  autoComplete="new-password"
                  value={p.apiKey}
                  data-testid={`ai-key-${p.capability}`}
                  onChange={(e) => setProvider(p.capability, { apiKey: e.currentTarget.value })}
                />
              </FormField>
              <FormField id={`${id}-timeout`} label={t('ai.config.timeout')} error={errorOf(`providers.${p.capability}.timeoutSeconds`)} hint={t('ai.config.timeoutHint')}>
                <InputGroup
                  id={`${id}-timeout`}
                  inputMode="numeric"
                  value={p.timeoutSeconds}
                  onChange={(e) => setProvider(p.capability, { timeoutSeconds: e.currentTarget.value })}
                />
              </FormField>
            </div>
            <div className="hearth-ai-config-actions">
              {saved?.apiKeySet ? (
                <Checkbox checked={p.clearApiKey} label={t('ai.config.clearKey')} onChange={(e) => setProvider(p.capability, { clearApiKey: e.currentTarget.checked })} />
              ) : null}
              <Button icon={<PulseIcon />} loading={test === 'running'} onClick={() => void runTest(p)} data-testid={`ai-test-${p.capability}`}>
                {t('ai.config.test')}
              </Button>
              <span role="status" data-testid={`ai-test-result-${p.capability}`}>
                {test && test !== 'running' ? (
                  test.ok ? (
                    <Tag intent={Intent.SUCCESS}>{t('ai.config.testOk', { ms: test.latencyMs, model: test.model })}</Tag>
                  ) : (
                    <span className="hearth-ai-problem">{test.message || t('ai.config.testFailed')}</span>
                  )
                ) : null}
              </span>
            </div>
          </fieldset>
        );
      })}

      <SectionTitle>{t('ai.config.plans')}</SectionTitle>
      <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('ai.config.plans')}>
        <HTMLTable compact className="hearth-ai-plans">
          <thead>
            <tr>
              <th>{t('ai.config.capability')}</th>
              {PLANS.map((plan) => (
                <th key={plan}>{planLabel(t, plan)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CAPABILITIES.map((c) => (
              <tr key={c}>
                <td>{capabilityLabel(c)}</td>
                {PLANS.map((plan) => (
                  <td key={plan}>
                    <Checkbox
                      className="hearth-ai-plan-check"
                      checked={draft.plans[plan]?.includes(c) ?? false}
                      aria-label={t('ai.config.planUses', { plan: planLabel(t, plan), capability: capabilityLabel(c) })}
                      onChange={(e) => togglePlan(plan, c, e.currentTarget.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <p className="hearth-muted">{t('ai.config.plansNote')}</p>

      <FormField id="ai-perMinute" label={t('ai.config.perMinute')} required error={errorOf('tenantPerMinute')} hint={t('ai.config.perMinuteHint')}>
        <InputGroup
          id="ai-perMinute"
          inputMode="numeric"
          required
          value={draft.tenantPerMinute}
          onChange={(e) => {
            const tenantPerMinute = e.currentTarget.value;
            setDraft((d) => ({ ...d, tenantPerMinute }));
          }}
        />
      </FormField>
      <FormField id="ai-userPerDay" label={t('ai.config.userPerDay')} required error={errorOf('userPerDay')} hint={t('ai.config.userPerDayHint')}>
        <InputGroup
          id="ai-userPerDay"
          inputMode="numeric"
          required
          value={draft.userPerDay}
          onChange={(e) => {
            const userPerDay = e.currentTarget.value;
            setDraft((d) => ({ ...d, userPerDay }));
          }}
        />
      </FormField>
      <FormField id="ai-tenantPerDay" label={t('ai.config.tenantPerDay')} required error={errorOf('tenantPerDay')} hint={t('ai.config.tenantPerDayHint')}>
        <InputGroup
          id="ai-tenantPerDay"
          inputMode="numeric"
          required
          value={draft.tenantPerDay}
          onChange={(e) => {
            const tenantPerDay = e.currentTarget.value;
            setDraft((d) => ({ ...d, tenantPerDay }));
          }}
        />
      </FormField>
      <div className="hearth-ai-config-actions">
        <Button type="submit" intent={Intent.PRIMARY} icon={<FloppyDiskIcon />} loading={save.isPending} data-testid="ai-config-save">
          {t('ai.config.save')}
        </Button>
        {config.updatedAt ? (
          <span className="hearth-muted">{t('ai.config.updatedAt', { time: formatDateTime(config.updatedAt, undefined, currentLanguage()) })}</span>
        ) : null}
        <Button variant="minimal" onClick={() => void queryClient.invalidateQueries({ queryKey: aiKey })}>
          {t('ai.config.reload')}
        </Button>
      </div>
    </form>
  );
}

function UsageLog() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [capability, setCapability] = useState('');
  const [paging, setPaging] = useState({ current: 1, size: USAGE_SIZES[0] as number });
  const usage = useAIUsage({ ...paging, data: capability ? { capability } : {} });
  const capabilityLabel = (c: string) => {
    const key = keyOf(CAPABILITY_KEYS, c);
    return key ? t(key) : c;
  };
  const records = usage.data?.records ?? [];
  return (
    <section>
      <SectionTitle>{t('ai.usage.title')}</SectionTitle>
      <label htmlFor="ai-usage-capability" className="hearth-ai-field">
        {t('ai.config.capability')}
      </label>
      <Select
        id="ai-usage-capability"
        value={capability}
        onChange={(e) => {
          setCapability(e.currentTarget.value);
          setPaging((p) => ({ ...p, current: 1 }));
        }}
        options={[{ value: '', label: t('ai.usage.all') }, ...CAPABILITIES.map((c) => ({ value: c, label: capabilityLabel(c) }))]}
      />
      <QueryErrorBanner query={usage} />
      {usage.isPending ? <Spinner size={24} /> : null}
      {!usage.isPending && records.length === 0 ? <p className="hearth-muted">{t('ai.usage.empty')}</p> : null}
      {records.length > 0 ? (
        <div className="hearth-table-scroll" tabIndex={0} role="region" aria-label={t('ai.usage.title')}>
          <HTMLTable striped compact className="hearth-card-table" style={{ minWidth: 760, width: '100%' }} data-testid="ai-usage-table">
            <thead>
              <tr>
                <th>{t('ai.usage.time')}</th>
                <th>{t('ai.usage.facility')}</th>
                <th>{t('ai.config.capability')}</th>
                <th>{t('ai.usage.provider')}</th>
                <th>{t('ai.config.model')}</th>
                <th>{t('ai.usage.amount')}</th>
                <th>{t('ai.usage.outcome')}</th>
                <th>{t('ai.usage.latency')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((u) => (
                <tr key={u.id}>
                  <td className="hearth-card-title">{formatDateTime(u.createdAt, undefined, language)}</td>
                  <td data-label={t('ai.usage.facility')}>{usageFacility(u, t('ai.usage.platform'))}</td>
                  <td data-label={t('ai.config.capability')}>{capabilityLabel(u.capability)}</td>
                  <td data-label={t('ai.usage.provider')}>{u.provider === 'offline' ? t('ai.usage.offline') : t('ai.usage.ai')}</td>
                  <td data-label={t('ai.config.model')}>{u.model}</td>
                  <td data-label={t('ai.usage.amount')}>
                    {u.promptTokens || u.completionTokens
                      ? t('ai.usage.tokens', { n: u.promptTokens + u.completionTokens })
                      : u.audioMs
                        ? t('ai.usage.seconds', { n: Math.round(u.audioMs / 100) / 10 })
                        : t('ai.usage.characters', { n: u.characters })}
                  </td>
                  <td data-label={t('ai.usage.outcome')}>
                    <Tag minimal intent={u.outcome === '0000' ? Intent.SUCCESS : Intent.WARNING}>
                      {u.outcome === '0000' ? t('ai.usage.ok') : u.outcome}
                    </Tag>
                  </td>
                  <td data-label={t('ai.usage.latency')}>{t('ai.usage.ms', { n: u.latencyMs })}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
      <Pager current={paging.current} size={paging.size} total={usage.data?.total ?? 0} sizes={USAGE_SIZES} onChange={(current, size) => setPaging({ current, size })} />
    </section>
  );
}

/**
 * /ai-config (super admin): each capability's AI provider (base URL, write-only key shown by its last 4,
 * model, timeout) with a connection test, which plans use which capability, the facility rate limit, the
 * daily quotas per person and per facility, and the usage log.
 */
export default function AiConfigPage() {
  const { t } = useTranslation();
  const config = useAIConfig();
  return (
    <div className="hearth-page">
      <PageHeader title={t('menu.aiConfig')} />
      <p className="hearth-muted">{t('ai.config.intro')}</p>
      <QueryErrorBanner query={config} />
      {config.isPending ? (
        <Spinner size={32} />
      ) : config.data ? (
        <ConfigForm key={config.data.updatedAt} config={config.data} />
      ) : (
        <EmptyState title={t('ai.config.unavailable')} />
      )}
      <Callout compact className="hearth-ai-privacy">
        {t('ai.config.privacy')}
      </Callout>
      <UsageLog />
    </div>
  );
}
