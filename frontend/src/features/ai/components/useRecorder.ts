import { useCallback, useEffect, useRef, useState } from 'react';
import { base64ToBlob, DESKTOP_RECORD_SECONDS, pickRecorderType, RECORDER_TIMESLICE_MS, recordingWay } from '../translatorRules';

/** The desktop shell's bound RecordAudio (features/desktop/bridge.ts), handed down by the layout. */
export type DesktopRecorder = (seconds: number) => Promise<{ mimeType: string; base64: string }> | undefined;

export type RecorderState = 'idle' | 'starting' | 'recording';

/**
 * Records one turn of speech: in the browser with MediaRecorder in 1-second chunks (spec 001 §9: webm, or
 * mp4 where Safari records only that), or through the desktop shell's RecordAudio where the webview has no
 * microphone (it records a fixed length). `stop()` resolves the recording, or null when nothing was kept.
 */
export function useRecorder(desktopRecorder?: DesktopRecorder) {
  const [state, setState] = useState<RecorderState>('idle');
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const done = useRef<((blob: Blob | null) => void) | null>(null);
  const stopAsked = useRef(false);

  const way = recordingWay(
    typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia,
    typeof MediaRecorder !== 'undefined',
    !!desktopRecorder,
  );

  const release = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    recorder.current = null;
  }, []);

  useEffect(() => release, [release]);

  /** Starts recording; resolves the recording when `stop()` is called (desktop: after its fixed length). */
  const start = useCallback(async (): Promise<Blob | null> => {
    if (way === 'desktop' && desktopRecorder) {
      setState('recording');
      try {
        const clip = await desktopRecorder(DESKTOP_RECORD_SECONDS);
        return clip ? base64ToBlob(clip.base64, clip.mimeType) : null;
      } finally {
        setState('idle');
      }
    }
    if (way !== 'browser') throw new Error('no microphone');
    stopAsked.current = false;
    setState('starting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      setState('idle');
      throw err;
    }
    stream.current = media;
    const mimeType = pickRecorderType(MediaRecorder.isTypeSupported?.bind(MediaRecorder));
    const rec = mimeType ? new MediaRecorder(media, { mimeType }) : new MediaRecorder(media);
    recorder.current = rec;
    chunks.current = [];
    const finished = new Promise<Blob | null>((resolve) => {
      done.current = resolve;
    });
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    rec.onstop = () => {
      const type = rec.mimeType || mimeType || 'audio/webm';
      const blob = chunks.current.length > 0 ? new Blob(chunks.current, { type }) : null;
      release();
      setState('idle');
      done.current?.(blob);
      done.current = null;
    };
    rec.start(RECORDER_TIMESLICE_MS);
    setState('recording');
    // Released before the recorder started (a quick tap): stop at once.
    if (stopAsked.current) rec.stop();
    return finished;
  }, [way, desktopRecorder, release]);

  const stop = useCallback(() => {
    stopAsked.current = true;
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') rec.stop();
  }, []);

  return { way, state, start, stop };
}
