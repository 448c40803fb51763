import { useRef, useState } from 'react';
import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { CameraIcon, CrossIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { FileAvatar } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { uploadFiles, UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';
import { isPhotoFile, PHOTO_MAX_BYTES } from '@/lib/residents/residentRules';
import './residentFields.css';

interface PhotoFieldProps {
  /** The photo now: a signed link to show, or none. */
  url: string | undefined;
  initials: string;
  onChange: (fileId: string, url: string | undefined) => void;
}

/** The resident's photo: a JPEG or PNG up to 10 MB (spec 000 §5 "Avatar"), uploaded as AVATAR when chosen. */
export function PhotoField({ url, initials, onChange }: PhotoFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The photo joins the resident when the form is saved: no message of its own.
  const upload = useAppMutation({
    mutationFn: (file: File) => uploadFiles([file], FileAvatar),
    onSuccess: ([item]) => {
      if (item) onChange(item.fileId, item.url || undefined);
    },
    onError: (err) => {
      if (isApiError(err) && (UPLOAD_HANDLED_CODES as readonly string[]).includes(err.code)) {
        const fields = Object.values(fieldErrors(err));
        setProblem(t('files.upload.failed', { msg: fields.length > 0 ? fields.join(' ') : err.message || err.code }));
      }
    },
  });
  const busy = upload.isPending;

  const choose = (list: FileList | null) => {
    const file = list?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isPhotoFile(file)) {
      setProblem(t('residents.photo.invalid', { max: PHOTO_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setProblem(null);
    upload.mutate(file);
  };

  return (
    <FormGroup
      label={t('residents.photo.label')}
      className="hearth-form-wide"
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={problem ?? t('residents.photo.rules')}
    >
      <div className="hearth-photo-field">
        <span className="hearth-resident-avatar" style={{ width: 56, height: 56, fontSize: 20 }} aria-hidden="true">
          {url ? <img src={url} alt="" /> : initials}
        </span>
        <input
          ref={input}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          hidden
          data-testid="resident-photo-input"
          onChange={(e) => choose(e.currentTarget.files)}
        />
        <Button icon={<CameraIcon />} loading={busy} onClick={() => input.current?.click()}>
          {t('residents.photo.choose')}
        </Button>
        {url ? (
          <Button variant="minimal" icon={<CrossIcon />} onClick={() => onChange('', undefined)}>
            {t('residents.photo.remove')}
          </Button>
        ) : null}
      </div>
    </FormGroup>
  );
}
