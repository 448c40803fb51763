import { useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, InputGroup, Intent } from '@blueprintjs/core';
import { DesktopIcon, LogInIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CloudURLMax, CodeCloudUnreachable } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { setCloud } from '../api/setCloud';
import { KIOSK_SETUP_PATH } from '../desktopRoutes';
import { cloudUrlProblem, normaliseCloudUrl, type CloudUrlProblem } from '../setupRules';
import { refreshDesktopStatus, useDesktopStore } from '../shell';

const PROBLEM_KEYS = {
  required: 'desktop.setup.problem.required',
  scheme: 'desktop.setup.problem.scheme',
  invalid: 'desktop.setup.problem.invalid',
  tooLong: 'desktop.setup.problem.tooLong',
} as const satisfies Record<CloudUrlProblem, string>;

function detailOf(data: unknown): string {
  return data && typeof data === 'object' && 'detail' in data && typeof data.detail === 'string' ? data.detail : '';
}

/**
 * /desktop/setup, the shell's first run (no sign-in): the Hearth server's address, prefilled from the build
 * or HEARTH_CLOUD_URL; "Check and save" lets the shell try <url>/healthz (4130 when it does not answer).
 * Then: sign in as usual, or set this computer up as the door kiosk.
 */
export default function DesktopSetupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useDesktopStore((s) => s.status);
  const [url, setUrl] = useState(() => status?.cloudUrl || status?.defaultCloudUrl || '');
  const [problem, setProblem] = useState<CloudUrlProblem | null>(null);
  const [failure, setFailure] = useState<{ text: string; detail: string } | null>(null);
  const saved = status?.cloudUrl ?? '';
  const save = useAppMutation({
    mutationFn: async (cloudUrl: string) => {
      await setCloud({ cloudUrl });
      await refreshDesktopStatus();
    },
    onError: (err, cloudUrl) => {
      if (isApiError(err) && err.code === CodeCloudUnreachable) {
        setFailure({ text: t('desktop.setup.unreachable', { url: cloudUrl }), detail: detailOf(err.data) });
      } else if (isApiError(err)) {
        setFailure({ text: t('desktop.setup.failed', { msg: fieldErrors(err).cloudUrl ?? (err.message || err.code) }), detail: '' });
      } else {
        setFailure({ text: t('desktop.setup.failed', { msg: String(err) }), detail: '' });
      }
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = cloudUrlProblem(url);
    setProblem(found);
    setFailure(null);
    if (found) return;
    save.mutate(normaliseCloudUrl(url));
  };

  return (
    <div className="hearth-auth">
      <Card className="hearth-desktop-card" elevation={2}>
        <H1 className="hearth-desktop-title">{t('desktop.setup.title')}</H1>
        <p>{t('desktop.setup.intro')}</p>
        <form onSubmit={submit} noValidate data-testid="desktop-setup-form">
          <FormGroup
            label={t('desktop.setup.cloudUrl')}
            labelFor="desktop-cloud-url"
            intent={problem ? Intent.DANGER : Intent.NONE}
            helperText={problem ? t(PROBLEM_KEYS[problem]) : t('desktop.setup.cloudUrlHint')}
          >
            <InputGroup
              id="desktop-cloud-url"
              type="url"
              size="large"
              autoFocus
              spellCheck={false}
              maxLength={CloudURLMax}
              value={url}
              onValueChange={setUrl}
            />
          </FormGroup>
          {failure ? (
            <Callout intent={Intent.DANGER} className="hearth-gap-bottom" data-testid="desktop-setup-error">
              <p>{failure.text}</p>
              {failure.detail ? <p className="hearth-muted">{t('desktop.setup.detail', { detail: failure.detail })}</p> : null}
            </Callout>
          ) : null}
          <Button type="submit" intent={Intent.PRIMARY} size="large" loading={save.isPending} fill>
            {t('desktop.setup.save')}
          </Button>
        </form>
        {saved ? (
          <div className="hearth-gap-top" data-testid="desktop-setup-next">
            <Callout intent={Intent.SUCCESS}>{t('desktop.setup.saved', { url: saved })}</Callout>
            <p className="hearth-gap-top">
              <strong>{t('desktop.setup.next')}</strong>
            </p>
            <div className="hearth-desktop-choices">
              <Button size="large" intent={Intent.PRIMARY} icon={<LogInIcon />} onClick={() => void navigate('/login')}>
                {t('desktop.setup.signIn')}
              </Button>
              <Button size="large" icon={<DesktopIcon />} onClick={() => void navigate(KIOSK_SETUP_PATH)} data-testid="desktop-setup-kiosk">
                {t('desktop.setup.useAsKiosk')}
              </Button>
            </div>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
