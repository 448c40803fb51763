import { describe, expect, it } from 'vitest';
import type { AIStatus } from '@/types/api.gen';
import { fakeServer, refuse, renderScreen, screen } from '@/test/render';
import HelpPanel from './HelpPanel';

const premium: AIStatus = {
  translator: true,
  helpAssistant: true,
  marketing: 'PREMIUM',
  capabilities: [{ capability: 'TRANSLATION', allowed: true, configured: true }],
  languages: [],
  voices: [],
  maxTextLength: 5000,
};

const chat = '/ai/basic/chatCompletion';

async function ask(question: string) {
  const { user } = await renderScreen(<HelpPanel status={premium} caregiver={false} onClose={() => undefined} />, {
    strings: ['ai'],
    user: { roles: ['FACILITY_OWNER'], plan: 'PREMIUM_PLAN' },
  });
  await user.type(await screen.findByLabelText('Your question'), question);
  const button = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
  await expect.poll(() => button.disabled).toBe(false); // the help sections have loaded
  await user.click(button);
}

describe('the help assistant', () => {
  it('asks the server’s HELP use with the matching sections and the question, never a system prompt of its own', async () => {
    const api = fakeServer().on('POST', chat, {
      content: 'Open Staff management, Requests, and approve it with a comment [1].',
      model: 'gpt-4o-mini',
      promptTokens: 600,
      completionTokens: 14,
    });
    await ask('How do I approve a leave request?');

    expect(await screen.findByText('Open Staff management, Requests, and approve it with a comment [1].')).toBeTruthy();
    const body = api.lastBody(chat);
    expect(Object.keys(body).sort()).toEqual(['prompt', 'use']);
    expect(body.use).toBe('HELP');
    expect(String(body.prompt)).toMatch(/^\[1\] [^\n]+\n[\s\S]*\n\nQuestion: How do I approve a leave request\?$/);
  });

  it('says in the server’s words when the day’s AI requests are used up', async () => {
    const words = 'You have used the 500 AI requests one person may make in a day. They start again at midnight UTC.';
    fakeServer().on('POST', chat, refuse('4156', words, { retryAfterSeconds: 3600 }));
    await ask('How do I approve a leave request?');

    expect((await screen.findByRole('alert')).textContent).toBe(words);
  });
});
