import { useRef, useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { MediaIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '@/components/AppDialog';
import { AvatarMaxBytes, AvatarMaxSide } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { uploadAvatar } from '../api/uploadAvatar';
import { compressImage, decodeImage, exportCrop } from '../avatarImage';
import { AVATAR_ACCEPT, type AvatarProblem, checkAvatarDimensions, checkAvatarFile, compressionQuality, type CropView } from '../avatarRules';
import { AvatarCropper, CROP_WINDOW } from './AvatarCropper';

const START: CropView = { zoom: 1, x: 0, y: 0 };

/** Reads a chosen picture under the avatar rules; resolves to the picture to crop, or the rule it broke. */
async function preparePicture(file: File): Promise<ImageBitmap | AvatarProblem> {
  const early = checkAvatarFile(file);
  if (early) return early;
  let image: ImageBitmap;
  try {
    image = await decodeImage(file);
  } catch {
    return 'processingFailed';
  }
  const pixels = checkAvatarDimensions(image.width, image.height);
  if (pixels) {
    image.close();
    return pixels;
  }
  const quality = compressionQuality(file.size);
  if (quality === undefined) return image;
  try {
    const smaller = await decodeImage(await compressImage(image, quality));
    image.close();
    return smaller;
  } catch {
    image.close();
    return 'processingFailed';
  }
}

/** Choose a picture, crop it square, and make it the avatar (spec 000 §2 "Layout": avatar upload with crop). */
export function AvatarDialog({ userId, onClose, onSaved }: { userId: string; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<ImageBitmap | null>(null);
  const [view, setView] = useState<CropView>(START);
  const [problem, setProblem] = useState<string | null>(null);
  // Decoding a chosen picture is local work, not a write.
  const [preparing, setPreparing] = useState(false);

  const explain = (p: AvatarProblem): string => {
    switch (p) {
      case 'unsupportedType':
        return t('profile.avatar.unsupportedType');
      case 'tooLarge':
        return t('profile.avatar.tooLarge', { max: AvatarMaxBytes / (1024 * 1024) });
      case 'tooManyPixels':
        return t('profile.avatar.tooManyPixels', { max: AvatarMaxSide });
      case 'processingFailed':
        return t('profile.avatar.processingFailed');
    }
  };

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setPreparing(true);
    setProblem(null);
    const picture = await preparePicture(file);
    setPreparing(false);
    if (typeof picture === 'string') {
      setProblem(explain(picture));
      return;
    }
    image?.close();
    setImage(picture);
    setView(START);
  };

  const upload = useAppMutation({
    mutationFn: async (picture: ImageBitmap) => {
      let cropped: Blob;
      try {
        cropped = await exportCrop(picture, view, CROP_WINDOW);
      } catch {
        setProblem(explain('processingFailed'));
        return false;
      }
      await uploadAvatar(cropped, userId);
      await onSaved();
      return true;
    },
    success: (saved) => (saved ? 'profile.avatar.saved' : undefined),
    onSuccess: (saved) => {
      if (saved) onClose();
    },
    onError: (err) => {
      if (isApiError(err) && err.code === '4022') {
        const fields = Object.values(fieldErrors(err));
        setProblem(fields.length > 0 ? fields.join(' ') : err.message);
      }
    },
  });
  const busy = preparing || upload.isPending;

  const save = () => {
    if (!image) return;
    setProblem(null);
    upload.mutate(image);
  };

  return (
    <AppDialog onClose={onClose} title={t('profile.avatar.title')} className="hearth-avatar-dialog">
      <DialogBody>
        <p className="hearth-muted">{t('profile.avatar.rules', { max: AvatarMaxBytes / (1024 * 1024), side: AvatarMaxSide })}</p>
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          hidden
          data-testid="avatar-file-input"
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
        {image ? (
          <>
            <AvatarCropper image={image} view={view} onChange={setView} />
            <p className="hearth-muted">{t('profile.avatar.cropHint')}</p>
          </>
        ) : null}
        {problem ? (
          <Callout intent={Intent.DANGER} compact data-testid="avatar-problem">
            {problem}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('common.action.cancel')}</Button>
            <Button icon={<MediaIcon />} disabled={busy} onClick={() => input.current?.click()}>
              {image ? t('profile.avatar.chooseAnother') : t('profile.avatar.choose')}
            </Button>
            <Button intent={Intent.PRIMARY} loading={busy} disabled={!image} onClick={save}>
              {t('profile.avatar.save')}
            </Button>
          </>
        }
      />
    </AppDialog>
  );
}
