import { describe, expect, it } from 'vitest';
import { clipExtension, clipMimeType } from './recorder';

describe('voice clip format', () => {
  it('records webm where the browser can, else mp4 (Safari), else nothing', () => {
    expect(clipMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(clipMimeType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(clipMimeType(() => false)).toBeUndefined();
  });

  it('names the file after its container', () => {
    expect(clipExtension('audio/webm')).toBe('webm');
    expect(clipExtension('audio/mp4')).toBe('m4a');
    expect(clipExtension('audio/wav')).toBe('wav');
  });
});
