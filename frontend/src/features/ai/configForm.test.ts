import { describe, expect, it } from 'vitest';
import type { AIConfig } from '@/types/api.gen';
import { checkConfig, draftOf, placeServerErrors, placeTestErrors, saveRequest, testRequest } from './configForm';

const config: AIConfig = {
  providers: [
    { capability: 'TRANSLATION', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', apiKeyMasked: '••••abcd', apiKeySet: true, timeoutSeconds: 30, source: 'DATABASE' },
    { capability: 'SPEECH', baseUrl: '', model: 'tts-1', apiKeyMasked: '', apiKeySet: false, timeoutSeconds: 0, source: 'NONE' },
  ],
  plans: [
    { plan: 'ESSENTIAL_PLAN', capabilities: ['TRANSLATION', 'SPEECH'] },
    { plan: 'PREMIUM_PLAN', capabilities: ['TRANSLATION', 'TRANSCRIPTION', 'SPEECH', 'ANALYSIS'] },
  ],
  tenantPerMinute: 120,
  userPerDay: 500,
  tenantPerDay: 3000,
  updatedAt: 0,
};

describe('the /ai-config form', () => {
  it('starts from the saved configuration, four capabilities in order, the key never in the draft', () => {
    const d = draftOf(config);
    expect(d.providers.map((p) => p.capability)).toEqual(['TRANSLATION', 'TRANSCRIPTION', 'SPEECH', 'ANALYSIS']);
    expect(d.providers[0]).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: '', timeoutSeconds: '30' });
    expect(d.plans.FREE_PLAN).toEqual([]);
    expect(d.tenantPerMinute).toBe('120');
    expect([d.userPerDay, d.tenantPerDay]).toEqual(['500', '3000']);
  });
  it('checks URLs, timeouts, the per-minute limit and the daily quotas', () => {
    const d = draftOf(config);
    expect(checkConfig(d)).toEqual({});
    d.providers[1].baseUrl = 'ftp://x';
    d.providers[2].timeoutSeconds = '281';
    d.tenantPerMinute = '0';
    d.userPerDay = '0';
    d.tenantPerDay = '1000001';
    expect(checkConfig(d)).toEqual({
      'providers.TRANSCRIPTION.baseUrl': 'ai.config.check.url',
      'providers.SPEECH.timeoutSeconds': 'ai.config.check.timeout',
      tenantPerMinute: 'ai.config.check.perMinute',
      userPerDay: 'ai.config.check.perDay',
      tenantPerDay: 'ai.config.check.perDay',
    });
  });
  it('sends a key only when one was typed, and clears only when asked with none typed', () => {
    const d = draftOf(config);
    let req = saveRequest(d);
    expect(req.providers[0]).not.toHaveProperty('apiKey');
    expect(req.providers[0]).not.toHaveProperty('clearApiKey');
    d.providers[0].apiKey = 'sk-new';
    d.providers[1].clearApiKey = true;
    req = saveRequest(d);
    expect(req.providers[0].apiKey).toBe('sk-new');
    expect(req.providers[1].clearApiKey).toBe(true);
    expect(req.plans).toHaveLength(3);
    expect(req.plans[1]).toEqual({ plan: 'ESSENTIAL_PLAN', capabilities: ['TRANSLATION', 'SPEECH'] });
    expect(req.tenantPerMinute).toBe(120);
    expect([req.userPerDay, req.tenantPerDay]).toEqual([500, 3000]);
  });
  it('tests with the form’s settings', () => {
    const d = draftOf(config);
    expect(testRequest(d.providers[0])).toEqual({ capability: 'TRANSLATION', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini', timeoutSeconds: 30 });
    expect(testRequest(d.providers[3])).toEqual({ capability: 'ANALYSIS' });
  });
  it('puts the server’s messages under their fields, the rest at the top', () => {
    const d = draftOf(config);
    expect(
      placeServerErrors(
        {
          'providers[2].timeoutSeconds': 'too big',
          'providers[1].baseUrl': 'Speech to text: Base URL must…',
          'providers[0].apiKey': 'Translation and rewriting: the base URL changed, so enter the API key again…',
          tenantPerMinute: 'bad',
          userPerDay: 'too many',
          plans: 'Plans lists…',
        },
        d,
      ),
    ).toEqual({
      'providers.SPEECH.timeoutSeconds': 'too big',
      'providers.TRANSCRIPTION.baseUrl': 'Speech to text: Base URL must…',
      'providers.TRANSLATION.apiKey': 'Translation and rewriting: the base URL changed, so enter the API key again…',
      tenantPerMinute: 'bad',
      userPerDay: 'too many',
      '': 'Plans lists…',
    });
  });
  it('puts a refused test’s field under the tested capability’s field', () => {
    expect(placeTestErrors({ baseUrl: 'Analysis: Base URL must…' }, 'ANALYSIS')).toEqual({ 'providers.ANALYSIS.baseUrl': 'Analysis: Base URL must…' });
    expect(placeTestErrors({ capability: 'bad', '': 'other' }, 'SPEECH')).toEqual({ '': 'bad other' });
    expect(placeTestErrors({}, 'SPEECH')).toEqual({});
  });
});
