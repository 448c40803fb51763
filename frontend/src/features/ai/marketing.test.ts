import { describe, expect, it } from 'vitest';
import { marketingContent } from './marketing';

describe('the marketing centre', () => {
  it('shows a free plan its benefits and what essential adds (the translator among them)', () => {
    const c = marketingContent('FREE_PLAN');
    expect(c.included).toContain('ai.marketing.benefit.residents');
    expect(c.next?.plan).toBe('ESSENTIAL_PLAN');
    expect(c.next?.adds).toContain('ai.marketing.benefit.translator');
  });
  it('shows essential what premium adds (the help assistant)', () => {
    const c = marketingContent('ESSENTIAL_PLAN');
    expect(c.included).toContain('ai.marketing.benefit.translator');
    expect(c.next?.adds).toContain('ai.marketing.benefit.helpAssistant');
  });
  it('has no next plan for premium, which includes everything', () => {
    const c = marketingContent('PREMIUM_PLAN');
    expect(c.next).toBeNull();
    expect(c.included).toHaveLength(12);
  });
  it('treats an unknown plan as free', () => expect(marketingContent(undefined).plan).toBe('FREE_PLAN'));
});
