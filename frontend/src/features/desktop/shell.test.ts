import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopHinted, isDesktopShell, resetDesktopShell, SHELL_HINT_KEY, startDesktopShell, STATUS_POLL_MS, useDesktopStore } from './shell';

vi.mock('@/lib/feedback/toast', () => ({ toast: { success: vi.fn(), warning: vi.fn(), danger: vi.fn() }, TOAST_TIMEOUT_MS: 2500 }));

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const status = { mode: 'KIOSK', version: '1', cloudUrl: 'https://c', defaultCloudUrl: '', online: true, kioskSetUp: true, outboxWaiting: 2, outboxFailed: 0, audioCapture: false };
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
let storage: MemoryStorage;

beforeEach(() => {
  resetDesktopShell();
  storage = new MemoryStorage();
  vi.stubGlobal('sessionStorage', storage);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

afterEach(() => {
  resetDesktopShell();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('desktopHinted', () => {
  it('asks only with bindings, ?shell=desktop, or the hint kept for the tab', () => {
    expect(desktopHinted('', storage, false)).toBe(false);
    expect(desktopHinted('?redirect=/x', storage, false)).toBe(false);
    expect(desktopHinted('', storage, true)).toBe(true);
    expect(desktopHinted('?shell=desktop', storage, false)).toBe(true);
    expect(storage.getItem(SHELL_HINT_KEY)).toBe('desktop');
    expect(desktopHinted('', storage, false)).toBe(true);
  });
});

describe('startDesktopShell', () => {
  it('never asks from a plain browser session', async () => {
    await startDesktopShell({ search: '' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useDesktopStore.getState().detection).toBe('browser');
    expect(isDesktopShell()).toBe(false);
  });

  it('is the desktop when the status answers, and polls it every 5 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ code: '0000', message: '', data: status }), { status: 200 }));
    await startDesktopShell({ search: '?shell=desktop' });
    expect(fetchMock.mock.calls[0][0]).toMatch(/^\/api\/desktop\/status\?t=/);
    expect(useDesktopStore.getState()).toMatchObject({ detection: 'desktop', status: { mode: 'KIOSK', outboxWaiting: 2 } });
    expect(isDesktopShell()).toBe(true);

    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ code: '0000', message: '', data: { ...status, outboxWaiting: 0 } }), { status: 200 }),
    );
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(useDesktopStore.getState().status?.outboxWaiting).toBe(0);
  });

  it('is a browser after all when a stale hint meets the cloud (404), and forgets the hint', async () => {
    storage.setItem(SHELL_HINT_KEY, 'desktop');
    fetchMock.mockResolvedValue(new Response('404 page not found', { status: 404 }));
    await startDesktopShell({ search: '' });
    expect(useDesktopStore.getState().detection).toBe('browser');
    expect(storage.getItem(SHELL_HINT_KEY)).toBeNull();
  });
});
