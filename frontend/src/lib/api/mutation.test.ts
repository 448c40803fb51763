import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadLocale } from '@/lib/i18n/resources';
import { appMutationOptions } from './mutation';

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { translation: (await loadLocale('en-US'))! } }, interpolation: { escapeValue: false } });
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let served = 0;
  const list = new QueryObserver(client, { queryKey: ['care', 'applicationForm', 'list'], queryFn: () => ++served });
  const unsubscribe = list.subscribe(() => undefined);
  return { client, list, unsubscribe, served: () => served };
}

describe('appMutationOptions', () => {
  it('says the action in a whole sentence, refetches what it names, then runs the caller’s step', async () => {
    const { client, list, unsubscribe, served } = setup();
    await vi.waitFor(() => expect(list.getCurrentResult().data).toBe(1));
    const said: string[] = [];
    const steps: string[] = [];
    const observer = new MutationObserver(
      client,
      appMutationOptions(
        client,
        {
          mutationFn: async (id: string) => ({ id }),
          invalidates: [['care', 'applicationForm']],
          success: 'requests.done.approved',
          onSuccess: (data) => steps.push(`done ${data.id} after ${served()} fetches`),
          onSettled: () => steps.push('settled'),
        },
        (message) => said.push(message),
      ),
    );
    await observer.mutate('a1');
    expect(said).toEqual(['Request approved']);
    // The list was asked again before the caller's step ran (the button stays busy until then).
    expect(steps).toEqual(['done a1 after 2 fetches', 'settled']);
    unsubscribe();
  });

  it('chooses the sentence from the answer and skips it when there is none', async () => {
    const { client, unsubscribe } = setup();
    const said: string[] = [];
    const options = appMutationOptions(
      client,
      {
        mutationFn: async (out: boolean) => (out ? 'OUT' : 'IN'),
        success: (kind) => (kind === 'OUT' ? 'attendance.done.clockedOut' : undefined),
      },
      (message) => said.push(message),
    );
    await new MutationObserver(client, options).mutate(true);
    await new MutationObserver(client, options).mutate(false);
    expect(said).toEqual(['Clocked out']);
    unsubscribe();
  });

  it('says nothing and invalidates nothing when the write fails, and hands the error on', async () => {
    const { client, list, unsubscribe, served } = setup();
    await vi.waitFor(() => expect(list.getCurrentResult().data).toBe(1));
    const said: string[] = [];
    const errors: string[] = [];
    const settled: string[] = [];
    const observer = new MutationObserver(
      client,
      appMutationOptions(
        client,
        {
          mutationFn: async () => {
            throw new Error('refused');
          },
          invalidates: [['care']],
          success: 'requests.done.sent',
          onError: (err) => errors.push(err.message),
          onSettled: () => settled.push('settled'),
        },
        (message) => said.push(message),
      ),
    );
    await expect(observer.mutate(undefined)).rejects.toThrow('refused');
    expect(said).toEqual([]);
    expect(errors).toEqual(['refused']);
    expect(settled).toEqual(['settled']);
    expect(served()).toBe(1);
    expect(observer.getCurrentResult().error?.message).toBe('refused');
    unsubscribe();
  });
});
