// What the phone keeps to send, as the caregiver sees it: how many writes wait, each one under Show, and a
// pass someone else logged first named with who and when until OK.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { addEntry, entriesOf, reloadOutbox, resetOutboxStore, useOutboxStore, type OutboxEntry } from '@/lib/phone/outboxStore';
import { PhoneOutbox } from './PhoneOutbox';

const WHO = 'u1@t1';

function entry(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: `c-${Math.random().toString(36).slice(2)}`,
    who: WHO,
    path: '/care/medication/logPass',
    kind: 'pass',
    body: {},
    madeAt: Date.UTC(2026, 10, 28, 16, 5),
    state: 'WAITING',
    attempts: 0,
    nextTryAt: 0,
    label: { residentName: 'Ruth Alvarez', title: 'Senna 8.6 mg', staffName: 'Amina Njoroge' },
    ...over,
  };
}

afterEach(async () => {
  await resetOutboxStore();
  useOutboxStore.setState({ who: undefined, entries: [], sending: false, changedAt: 0 });
});

describe('PhoneOutbox', () => {
  it('says how many writes wait, lists them, and shows a conflict with who and when until OK', async () => {
    await addEntry(entry({}));
    await addEntry(entry({ kind: 'task', path: '/care/taskInfo/completeTask', label: { residentName: 'Ruth Alvarez', title: 'Morning walk' } }));
    await addEntry(
      entry({ state: 'CONFLICT', other: { name: 'Grace Kim', time: Date.UTC(2026, 10, 28, 16, 0), outcome: 'GIVEN' }, label: { residentName: 'Ruth Alvarez', title: 'Docusate' } }),
    );
    await reloadOutbox(WHO);
    const { user } = await renderScreen(<PhoneOutbox />);

    const line = screen.getByTestId('phone-outbox');
    expect(line.getAttribute('data-count')).toBe('2');
    expect(line.textContent).toContain('Saved on this phone, waiting to send: 2');
    await user.click(within(line).getByRole('button', { name: 'Show' }));
    const items = screen.getAllByTestId('phone-outbox-item');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['pass', 'task']);
    expect(items[1].textContent).toContain('Task · Morning walk · Ruth Alvarez — made at');

    const problem = screen.getByTestId('phone-outbox-problem');
    expect(problem.textContent).toContain('Not kept: someone was first');
    expect(problem.textContent).toMatch(/Med pass · Docusate · Ruth Alvarez: logged first by Grace Kim at .+\. Your log made on this phone was not kept\./);
    await user.click(within(problem).getByRole('button', { name: 'OK' }));
    await expect.poll(() => screen.queryByTestId('phone-outbox-problem')).toBeNull();
    expect((await entriesOf(WHO)).map((e) => e.state)).toEqual(['WAITING', 'WAITING']);
  });

  it('shows nothing when nothing waits', async () => {
    await reloadOutbox(WHO);
    await renderScreen(<PhoneOutbox />);
    expect(screen.queryByRole('region', { name: 'Saved on this phone' })).toBeNull();
  });
});
