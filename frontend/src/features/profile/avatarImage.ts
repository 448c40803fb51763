// Canvas work for the avatar: decode, compress by tier, and export the crop. Browser-only.
import { AVATAR_EXPORT_QUALITY, AVATAR_EXPORT_SIDE, type CropView, cropSource } from './avatarRules';

/** A decoded picture; a picture the browser cannot read throws (the "processing failed" rule). */
export function decodeImage(blob: Blob): Promise<ImageBitmap> {
  return createImageBitmap(blob);
}

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas export failed'))), 'image/jpeg', quality);
  });
}

function canvasOf(width: number, height: number): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  return { canvas, ctx };
}

/** The picture re-encoded as JPEG at `quality` (the compression tiers of spec 001 §5). */
export async function compressImage(image: ImageBitmap, quality: number): Promise<Blob> {
  const { canvas, ctx } = canvasOf(image.width, image.height);
  ctx.drawImage(image, 0, 0);
  return canvasBlob(canvas, quality);
}

/** The square the crop window shows, as a 400 × 400 JPEG at quality 0.8 (spec 001 §9). */
export async function exportCrop(image: ImageBitmap, view: CropView, windowSide: number): Promise<Blob> {
  const { sx, sy, side } = cropSource(view, image.width, image.height, windowSide);
  const { canvas, ctx } = canvasOf(AVATAR_EXPORT_SIDE, AVATAR_EXPORT_SIDE);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_EXPORT_SIDE, AVATAR_EXPORT_SIDE);
  return canvasBlob(canvas, AVATAR_EXPORT_QUALITY);
}
