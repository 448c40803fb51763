// Voice clips recorded in the page (spec 001 §9 "Audio recording: chunks every 1 second; webm (mp4 on
// Safari)"). Source for the container choice: MediaRecorder.isTypeSupported (MDN) — Chrome and Firefox
// record audio/webm, Safari only audio/mp4.

/** The longest clip, so one stays well under the upload limit. */
export const MAX_CLIP_SECONDS = 120;

/** The first container this browser records, or undefined when it records none. */
export function clipMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'].find((type) => isSupported(type));
}

/** The file name extension of a clip's type. */
export function clipExtension(mimeType: string): string {
  if (mimeType.startsWith('audio/wav')) return 'wav';
  return mimeType.startsWith('audio/mp4') ? 'm4a' : 'webm';
}

export interface Recording {
  stop: () => Promise<{ blob: Blob; mimeType: string; durationMs: number }>;
  cancel: () => void;
}

/** How long a clip lasts in the desktop shell, whose recorder takes a fixed length. */
export const SHELL_CLIP_SECONDS = 15;

function base64ToBlob(base64: string, type: string): Blob {
  const bin = atob(base64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * The desktop shell on Linux: WebKitGTK has no getUserMedia, so the Wails window records a WAV of a fixed
 * length itself (desktop/app.go RecordAudio, the binding the translator uses too). Stopping waits for it.
 */
function shellRecording(): Recording | undefined {
  const record = typeof window === 'undefined' ? undefined : window.go?.main?.App?.RecordAudio;
  if (!record) return undefined;
  let cancelled = false;
  const clip = record(SHELL_CLIP_SECONDS);
  return {
    stop: async () => {
      const c = await clip;
      const blob = cancelled ? new Blob([]) : base64ToBlob(c.base64, c.mimeType || 'audio/wav');
      return { blob, mimeType: c.mimeType || 'audio/wav', durationMs: Math.round(c.seconds * 1000) };
    },
    cancel: () => {
      cancelled = true;
    },
  };
}

/** Starts recording from the microphone; rejects when there is none or the user refused it. */
export async function startRecording(): Promise<Recording> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    const shell = shellRecording();
    if (shell) return shell;
    throw new Error('unsupported');
  }
  const mimeType = clipMimeType((type) => MediaRecorder.isTypeSupported(type));
  if (!mimeType) throw new Error('unsupported');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const recorder = new MediaRecorder(stream, { mimeType });
  const chunks: Blob[] = [];
  const started = Date.now();
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  recorder.start(1000);
  const release = () => stream.getTracks().forEach((track) => track.stop());
  let stopping = false;
  return {
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        recorder.onstop = () => {
          release();
          resolve({ blob: new Blob(chunks, { type: mimeType.split(';')[0] }), mimeType: mimeType.split(';')[0], durationMs: Date.now() - started });
        };
        recorder.stop();
      }),
    cancel: () => {
      if (stopping) return; // stop() delivers the clip and releases the microphone
      recorder.onstop = release;
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    },
  };
}
