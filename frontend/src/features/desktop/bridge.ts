// The Go methods the Wails window binds (desktop/main.go): only OS features live here; every data call goes
// through /api/ like in a browser (docs/STYLE.md "one router, two shells"). Each wrapper answers undefined
// when the page is not inside the Wails window (a browser, or `hearth-desktop --serve`).

/** One recording from desktop/app.go RecordAudio: a whole WAV file (16 kHz mono) in base64. */
export interface AudioClip {
  mimeType: string;
  base64: string;
  seconds: number;
  sampleRate: number;
}

/** window.go.main.App as Wails generates it: every bound method returns a promise (a Go error rejects it). */
export interface DesktopApp {
  /** Records `seconds` (1–60) from the default microphone (Linux: WebKitGTK has no getUserMedia). */
  RecordAudio?: (seconds: number) => Promise<AudioClip>;
  /** Prints the current window with the operating system's dialog. */
  Print?: () => Promise<void>;
  Version?: () => Promise<string>;
  /** Tells the shell the UI has painted (it logs the cold-start time for docs/performance.md). */
  FirstPaint?: () => Promise<void>;
}

declare global {
  interface Window {
    go?: { main?: { App?: DesktopApp } };
  }
}

/** The bound methods, or undefined outside the Wails window. */
export function desktopApp(): DesktopApp | undefined {
  return typeof window === 'undefined' ? undefined : window.go?.main?.App;
}

/** Whether the Wails bindings are present. */
export function hasBindings(): boolean {
  return desktopApp() !== undefined;
}

export function recordAudio(seconds: number): Promise<AudioClip> | undefined {
  return desktopApp()?.RecordAudio?.(seconds);
}

export function desktopVersion(): Promise<string> | undefined {
  return desktopApp()?.Version?.();
}

/** Prints the page: in the Wails window through the shell (its webview may not print by itself), else the browser's dialog. */
export function printPage(): void {
  const app = desktopApp();
  if (app?.Print) void app.Print().catch(() => window.print());
  else window.print();
}

let painted = false;

/** Tells the shell once that the first render is on screen (StrictMode runs effects twice). */
export function notifyFirstPaint(): void {
  if (painted) return;
  const first = desktopApp()?.FirstPaint;
  if (!first) return;
  painted = true;
  requestAnimationFrame(() => void first().catch(() => undefined));
}
