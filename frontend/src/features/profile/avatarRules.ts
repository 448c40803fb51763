// The avatar rules of spec 001 §5 "Avatar upload": an image of type jpeg, png or webp, at most 10 MB and
// 4096 × 4096 pixels; compressed when above 2 MB, with tiers over 2, 3 and 5 MB; cropped to 400 × 400 at
// quality 0.8 (spec 001 §9). The server checks the same limits again.
import { AvatarMaxBytes, AvatarMaxSide, AvatarQuality, AvatarSide } from '@/types/api.gen';

/** Which rule a picture broke; each has its own message. */
export type AvatarProblem = 'unsupportedType' | 'tooLarge' | 'tooManyPixels' | 'processingFailed';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');
const AVATAR_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp']);

/** The side of the exported avatar and its JPEG quality (spec 001 §9: 400 × 400, quality 0.8). */
export const AVATAR_EXPORT_SIDE = AvatarSide;
export const AVATAR_EXPORT_QUALITY = AvatarQuality / 100;

const MB = 1024 * 1024;

/**
 * Compression tiers, largest first: over 5 MB at quality 0.7, over 3 MB at 0.8, over 2 MB at 0.9
 * (spec 001 §5 names the 2, 3 and 5 MB tiers; the qualities are ours).
 */
export const COMPRESSION_TIERS = [
  { over: 5 * MB, quality: 0.7 },
  { over: 3 * MB, quality: 0.8 },
  { over: 2 * MB, quality: 0.9 },
] as const;

/** The type and size rules, checked before the picture is read. */
export function checkAvatarFile(file: { name: string; type: string; size: number }): AvatarProblem | null {
  const type = file.type.toLowerCase();
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  const typeOk = type === '' ? AVATAR_EXTENSIONS.has(ext) : (AVATAR_TYPES as readonly string[]).includes(type);
  if (!typeOk) return 'unsupportedType';
  if (file.size > AvatarMaxBytes) return 'tooLarge';
  return null;
}

/** The pixel rule, checked once the picture is decoded. */
export function checkAvatarDimensions(width: number, height: number): AvatarProblem | null {
  if (!(width > 0 && height > 0)) return 'processingFailed';
  return width > AvatarMaxSide || height > AvatarMaxSide ? 'tooManyPixels' : null;
}

/** The JPEG quality a picture of `size` bytes is compressed at, or undefined at 2 MB and below. */
export function compressionQuality(size: number): number | undefined {
  return COMPRESSION_TIERS.find((tier) => size > tier.over)?.quality;
}

/**
 * Where the picture sits in the square crop window: `zoom` ≥ 1 over the scale at which it just covers the
 * window, and the offset (x, y) of its centre from the window's centre, in window pixels.
 */
export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Window pixels per picture pixel at zoom 1: the picture's shorter side fills the window. */
export function coverScale(width: number, height: number, windowSide: number): number {
  return windowSide / Math.min(width, height);
}

/** The view with its zoom bounded and the picture moved back where it still covers the whole window. */
export function clampView(view: CropView, width: number, height: number, windowSide: number): CropView {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom));
  const scale = coverScale(width, height, windowSide) * zoom;
  const maxX = Math.max(0, (width * scale - windowSide) / 2);
  const maxY = Math.max(0, (height * scale - windowSide) / 2);
  const clamp = (v: number, m: number) => Math.min(m, Math.max(-m, v));
  return { zoom, x: clamp(view.x, maxX), y: clamp(view.y, maxY) };
}

/** The square of the picture (in picture pixels) that the window shows: what the crop exports. */
export function cropSource(view: CropView, width: number, height: number, windowSide: number): { sx: number; sy: number; side: number } {
  const v = clampView(view, width, height, windowSide);
  const scale = coverScale(width, height, windowSide) * v.zoom;
  const side = windowSide / scale;
  return {
    sx: width / 2 - (windowSide / 2 + v.x) / scale,
    sy: height / 2 - (windowSide / 2 + v.y) / scale,
    side,
  };
}
