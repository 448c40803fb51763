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
  return mimeType.startsWith('audio/mp4') ? 'm4a' : 'webm';
}

export interface Recording {
  stop: () => Promise<{ blob: Blob; mimeType: string; durationMs: number }>;
  cancel: () => void;
}

/** Starts recording from the microphone; rejects when there is none or the user refused it. */
export async function startRecording(): Promise<Recording> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new Error('unsupported');
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
  return {
    stop: () =>
      new Promise((resolve) => {
        recorder.onstop = () => {
          release();
          resolve({ blob: new Blob(chunks, { type: mimeType.split(';')[0] }), mimeType: mimeType.split(';')[0], durationMs: Date.now() - started });
        };
        recorder.stop();
      }),
    cancel: () => {
      recorder.onstop = release;
      if (recorder.state !== 'inactive') recorder.stop();
      else release();
    },
  };
}
