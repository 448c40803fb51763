import { describe, expect, it } from 'vitest';
import {
  AVATAR_EXPORT_QUALITY,
  AVATAR_EXPORT_SIDE,
  checkAvatarDimensions,
  checkAvatarFile,
  clampView,
  compressionQuality,
  cropSource,
} from './avatarRules';

const MB = 1024 * 1024;

describe('checkAvatarFile (spec 001 §5)', () => {
  it.each([
    [{ name: 'me.jpg', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'me.png', type: 'image/png', size: 10 * MB }, null],
    [{ name: 'me.webp', type: 'image/webp', size: 1 }, null],
    [{ name: 'me.webp', type: '', size: 1 }, null],
    [{ name: 'me.gif', type: 'image/gif', size: 1000 }, 'unsupportedType'],
    [{ name: 'me.pdf', type: 'application/pdf', size: 1000 }, 'unsupportedType'],
    [{ name: 'me', type: '', size: 1000 }, 'unsupportedType'],
    [{ name: 'me.png', type: 'image/png', size: 10 * MB + 1 }, 'tooLarge'],
    [{ name: 'me.gif', type: 'image/gif', size: 20 * MB }, 'unsupportedType'],
  ])('%o → %s', (file, want) => {
    expect(checkAvatarFile(file)).toBe(want);
  });
});

describe('checkAvatarDimensions', () => {
  it('allows up to 4096 × 4096', () => {
    expect(checkAvatarDimensions(4096, 4096)).toBeNull();
    expect(checkAvatarDimensions(1, 1)).toBeNull();
    expect(checkAvatarDimensions(4097, 10)).toBe('tooManyPixels');
    expect(checkAvatarDimensions(10, 4097)).toBe('tooManyPixels');
  });

  it('calls a picture without size unreadable', () => {
    expect(checkAvatarDimensions(0, 100)).toBe('processingFailed');
    expect(checkAvatarDimensions(Number.NaN, 100)).toBe('processingFailed');
  });
});

describe('compressionQuality: tiers over 2, 3 and 5 MB', () => {
  it.each([
    [0, undefined],
    [2 * MB, undefined],
    [2 * MB + 1, 0.9],
    [3 * MB, 0.9],
    [3 * MB + 1, 0.8],
    [5 * MB, 0.8],
    [5 * MB + 1, 0.7],
    [10 * MB, 0.7],
  ])('%d bytes → %s', (size, want) => {
    expect(compressionQuality(size)).toBe(want);
  });
});

describe('the crop square', () => {
  it('exports 400 × 400 at quality 0.8', () => {
    expect(AVATAR_EXPORT_SIDE).toBe(400);
    expect(AVATAR_EXPORT_QUALITY).toBe(0.8);
  });

  it('takes the centred square of the shorter side at zoom 1', () => {
    expect(cropSource({ zoom: 1, x: 0, y: 0 }, 800, 600, 300)).toEqual({ sx: 100, sy: 0, side: 600 });
    expect(cropSource({ zoom: 1, x: 0, y: 0 }, 500, 500, 250)).toEqual({ sx: 0, sy: 0, side: 500 });
  });

  it('takes a smaller square when zoomed, and follows the drag', () => {
    // scale at zoom 2: 300/600*2 = 1 window pixel per picture pixel
    expect(cropSource({ zoom: 2, x: 0, y: 0 }, 800, 600, 300)).toEqual({ sx: 250, sy: 150, side: 300 });
    // moving the picture right by 50 shows 50 picture pixels further left
    expect(cropSource({ zoom: 2, x: 50, y: -20 }, 800, 600, 300)).toEqual({ sx: 200, sy: 170, side: 300 });
  });

  it('never leaves the picture: the view is clamped', () => {
    expect(clampView({ zoom: 1, x: 500, y: 500 }, 800, 600, 300)).toEqual({ zoom: 1, x: 50, y: 0 });
    expect(clampView({ zoom: 9, x: 0, y: 0 }, 800, 600, 300).zoom).toBe(4);
    expect(clampView({ zoom: 0.2, x: 0, y: 0 }, 800, 600, 300).zoom).toBe(1);
    const far = cropSource({ zoom: 1, x: -1000, y: 0 }, 800, 600, 300);
    expect(far.sx + far.side).toBeCloseTo(800);
  });
});
