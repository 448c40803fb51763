import { useEffect, useRef } from 'react';
import { Slider } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { clampView, coverScale, type CropView, MAX_ZOOM, MIN_ZOOM } from '../avatarRules';

/** The crop window's side on screen; the export is 400 × 400 whatever this is. */
export const CROP_WINDOW = 280;

interface AvatarCropperProps {
  image: ImageBitmap;
  view: CropView;
  onChange: (view: CropView) => void;
}

/** A square crop: drag the picture (or use the arrow keys) to place it, the slider to zoom. */
export function AvatarCropper({ image, view, onChange }: AvatarCropperProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const set = (next: CropView) => onChange(clampView(next, image.width, image.height, CROP_WINDOW));

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    const scale = coverScale(image.width, image.height, CROP_WINDOW) * view.zoom;
    const w = image.width * scale;
    const h = image.height * scale;
    ctx.clearRect(0, 0, CROP_WINDOW, CROP_WINDOW);
    ctx.drawImage(image, CROP_WINDOW / 2 + view.x - w / 2, CROP_WINDOW / 2 + view.y - h / 2, w, h);
  }, [image, view]);

  return (
    <div className="hearth-cropper">
      <canvas
        ref={canvas}
        width={CROP_WINDOW}
        height={CROP_WINDOW}
        className="hearth-cropper-canvas"
        tabIndex={0}
        role="img"
        aria-label={t('profile.avatar.cropArea')}
        data-testid="avatar-crop"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerMove={(e) => {
          if (!drag.current) return;
          const dx = e.clientX - drag.current.x;
          const dy = e.clientY - drag.current.y;
          drag.current = { x: e.clientX, y: e.clientY };
          set({ ...view, x: view.x + dx, y: view.y + dy });
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onKeyDown={(e) => {
          const step = 10;
          const moves: Record<string, [number, number]> = {
            ArrowLeft: [-step, 0],
            ArrowRight: [step, 0],
            ArrowUp: [0, -step],
            ArrowDown: [0, step],
          };
          const move = moves[e.key];
          if (!move) return;
          e.preventDefault();
          set({ ...view, x: view.x + move[0], y: view.y + move[1] });
        }}
      />
      <label className="hearth-cropper-zoom">
        <span>{t('profile.avatar.zoom')}</span>
        <Slider
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          stepSize={0.05}
          labelRenderer={false}
          value={view.zoom}
          onChange={(zoom) => set({ ...view, zoom })}
          // The handle is the slider's focusable element (role="slider"); the wrapping label does not name it.
          handleHtmlProps={{ 'aria-label': t('profile.avatar.zoom') }}
        />
      </label>
    </div>
  );
}
