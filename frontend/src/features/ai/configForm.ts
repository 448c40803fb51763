// /ai-config's form: the draft per capability, its checks, the save and test requests, and where the
// server's field messages go.
import type { AIConfig, AIPlanCapabilities, SaveAIConfigRequest, TestAIConfigRequest } from '@/types/api.gen';
import {
  AIBaseURLMax,
  AIKeyMax,
  AIModelMax,
  AIPerDayMax,
  AITenantPerMinuteMax,
  AITenantPerMinuteMin,
  AITimeoutMax,
} from '@/types/api.gen';

/** shared.AICapabilities, in /ai-config's order. */
export const CAPABILITIES = ['TRANSLATION', 'TRANSCRIPTION', 'SPEECH', 'ANALYSIS'] as const;
export const PLANS = ['FREE_PLAN', 'ESSENTIAL_PLAN', 'PREMIUM_PLAN'] as const;

export interface ProviderDraft {
  capability: string;
  baseUrl: string;
  model: string;
  /** A new key typed in "Replace key"; empty keeps the kept one. */
  apiKey: string;
  clearApiKey: boolean;
  /** As typed; '' or 0 means the default. */
  timeoutSeconds: string;
}

export interface ConfigDraft {
  providers: ProviderDraft[];
  /** plan → capabilities it may use. */
  plans: Record<string, string[]>;
  tenantPerMinute: string;
  /** The daily quotas of provider calls, as typed. */
  userPerDay: string;
  tenantPerDay: string;
}

export function draftOf(config: AIConfig): ConfigDraft {
  return {
    providers: CAPABILITIES.map((capability) => {
      const p = config.providers.find((x) => x.capability === capability);
      return {
        capability,
        baseUrl: p?.baseUrl ?? '',
        model: p?.model ?? '',
        apiKey: '',
        clearApiKey: false,
        timeoutSeconds: p?.timeoutSeconds ? String(p.timeoutSeconds) : '',
      };
    }),
    plans: Object.fromEntries(PLANS.map((plan) => [plan, [...(config.plans.find((x) => x.plan === plan)?.capabilities ?? [])]])),
    tenantPerMinute: String(config.tenantPerMinute || ''),
    userPerDay: String(config.userPerDay || ''),
    tenantPerDay: String(config.tenantPerDay || ''),
  };
}

/** Message keys of the browser's checks, by field: `providers.<capability>.<field>`, `tenantPerMinute`, `userPerDay` or `tenantPerDay`. */
export type ConfigProblems = Record<
  string,
  'ai.config.check.url' | 'ai.config.check.timeout' | 'ai.config.check.perMinute' | 'ai.config.check.perDay' | 'ai.config.check.tooLong'
>;

function isWholeNumber(s: string): boolean {
  return /^\d+$/.test(s.trim());
}

export function checkConfig(d: ConfigDraft): ConfigProblems {
  const out: ConfigProblems = {};
  for (const p of d.providers) {
    const base = p.baseUrl.trim();
    if (base) {
      let ok: boolean;
      try {
        const u = new URL(base);
        ok = (u.protocol === 'http:' || u.protocol === 'https:') && u.host !== '';
      } catch {
        ok = false;
      }
      if (!ok) out[`providers.${p.capability}.baseUrl`] = 'ai.config.check.url';
      else if (base.length > AIBaseURLMax) out[`providers.${p.capability}.baseUrl`] = 'ai.config.check.tooLong';
    }
    if (p.model.trim().length > AIModelMax) out[`providers.${p.capability}.model`] = 'ai.config.check.tooLong';
    if (p.apiKey.length > AIKeyMax) out[`providers.${p.capability}.apiKey`] = 'ai.config.check.tooLong';
    const timeout = p.timeoutSeconds.trim();
    if (timeout && (!isWholeNumber(timeout) || Number(timeout) > AITimeoutMax)) out[`providers.${p.capability}.timeoutSeconds`] = 'ai.config.check.timeout';
  }
  const perMinute = d.tenantPerMinute.trim();
  if (!isWholeNumber(perMinute) || Number(perMinute) < AITenantPerMinuteMin || Number(perMinute) > AITenantPerMinuteMax) {
    out.tenantPerMinute = 'ai.config.check.perMinute';
  }
  for (const field of ['userPerDay', 'tenantPerDay'] as const) {
    const v = d[field].trim();
    if (!isWholeNumber(v) || Number(v) < 1 || Number(v) > AIPerDayMax) out[field] = 'ai.config.check.perDay';
  }
  return out;
}

/** The whole form: every capability's provider, the whole plan table, the rate limit and the daily quotas. */
export function saveRequest(d: ConfigDraft): Required<SaveAIConfigRequest> {
  return {
    providers: d.providers.map((p) => ({
      capability: p.capability,
      baseUrl: p.baseUrl.trim(),
      model: p.model.trim(),
      ...(p.apiKey ? { apiKey: p.apiKey } : {}),
      ...(p.clearApiKey && !p.apiKey ? { clearApiKey: true } : {}),
      timeoutSeconds: p.timeoutSeconds.trim() ? Number(p.timeoutSeconds.trim()) : 0,
    })),
    plans: PLANS.map((plan): AIPlanCapabilities => ({ plan, capabilities: CAPABILITIES.filter((c) => d.plans[plan]?.includes(c)) })),
    tenantPerMinute: Number(d.tenantPerMinute.trim()),
    userPerDay: Number(d.userPerDay.trim()),
    tenantPerDay: Number(d.tenantPerDay.trim()),
  };
}

/** "Test connection" with what the form holds (an empty key tests with the kept one). */
export function testRequest(p: ProviderDraft): TestAIConfigRequest {
  return {
    capability: p.capability,
    ...(p.baseUrl.trim() ? { baseUrl: p.baseUrl.trim() } : {}),
    ...(p.model.trim() ? { model: p.model.trim() } : {}),
    ...(p.apiKey ? { apiKey: p.apiKey } : {}),
    ...(p.timeoutSeconds.trim() && isWholeNumber(p.timeoutSeconds) ? { timeoutSeconds: Number(p.timeoutSeconds.trim()) } : {}),
  };
}

/**
 * The server's 4022 field names put under the form's fields: `providers[1].baseUrl` → the second
 * capability's base URL (the request lists the four capabilities in the form's order); `tenantPerMinute`,
 * `userPerDay` and `tenantPerDay` as they are; anything else (`providers`, `plans`) stays for the form's top, returned under ''.
 */
export function placeServerErrors(errors: Record<string, string>, d: ConfigDraft): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const m = /^providers\[(\d+)\]\.(\w+)$/.exec(field);
    const capability = m ? d.providers[Number(m[1])]?.capability : undefined;
    if (m && capability) out[`providers.${capability}.${m[2]}`] = message;
    else if (field === 'tenantPerMinute' || field === 'userPerDay' || field === 'tenantPerDay') out[field] = message;
    else out[''] = out[''] ? `${out['']} ${message}` : message;
  }
  return out;
}

/**
 * "Test connection"'s 4022 field names (its request is one capability's: `baseUrl`, `model`…) put under
 * that capability's fields; a message that names no field stays under ''.
 */
export function placeTestErrors(errors: Record<string, string>, capability: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (/^\w+$/.test(field) && field !== 'capability') out[`providers.${capability}.${field}`] = message;
    else out[''] = out[''] ? `${out['']} ${message}` : message;
  }
  return out;
}
