import { describe, expect, it } from 'vitest';
import { RoleFacilityAdmin } from '@/types/api.gen';
import { fakeServer, renderScreen, screen } from '@/test/render';
import { ClockInPrompt, useHoldForClockStatus } from './ClockInPrompt';

/** The frame's part that matters here: the prompt, then the page slot held until the clock status is known. */
function Frame() {
  const holding = useHoldForClockStatus();
  return (
    <main>
      <ClockInPrompt />
      <div data-testid="slot" hidden={holding}>
        <h1>Tasks</h1>
      </div>
    </main>
  );
}

const status = (openShift: boolean) => ({ openShift, since: openShift ? Date.now() - 3_600_000 : 0, weekMinutes: 60, pinSet: true });

describe('the clock-in prompt and the page it sits above', () => {
  it('keeps a charting page out of sight until her clock status is known, then shows the prompt above it', async () => {
    let answer: (v: unknown) => void = () => undefined;
    fakeServer().on('GET', '/care/caregiverClockInRecord/myStatus', () => new Promise((resolve) => (answer = resolve)));
    await renderScreen(<Frame />, { route: '/task' });
    // Not yet known: the page is not drawn, so the prompt cannot push it down under her finger.
    expect(screen.getByTestId('slot').hidden).toBe(true);
    answer(status(false));
    expect(await screen.findByTestId('clock-in-prompt')).toBeTruthy();
    expect(screen.getByTestId('slot').hidden).toBe(false);
  });

  it('draws the page at once where no prompt can show: not a charting page, or not a caregiver', async () => {
    const api = fakeServer();
    await renderScreen(<Frame />, { route: '/dashboard' });
    expect(screen.getByTestId('slot').hidden).toBe(false);
    expect(api.callsTo('/care/caregiverClockInRecord/myStatus')).toHaveLength(0);
  });

  it('draws the page for an administrator on a charting page without asking', async () => {
    const api = fakeServer();
    await renderScreen(<Frame />, { route: '/emars', user: { roles: [RoleFacilityAdmin] } });
    expect(screen.getByTestId('slot').hidden).toBe(false);
    expect(api.callsTo('/care/caregiverClockInRecord/myStatus')).toHaveLength(0);
  });

  it('no prompt and the page shown once she is clocked in', async () => {
    fakeServer().on('GET', '/care/caregiverClockInRecord/myStatus', status(true));
    await renderScreen(<Frame />, { route: '/emars' });
    await screen.findByRole('heading', { name: 'Tasks' });
    expect(screen.getByTestId('slot').hidden).toBe(false);
    expect(screen.queryByTestId('clock-in-prompt')).toBeNull();
  });
});
