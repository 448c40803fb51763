import { useState, type FormEvent } from 'react';
import { Alert, Button, Callout, FormGroup, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { DesktopIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CodeCloudUnreachable, CodeKioskNotSetUp, KioskCredentialMax, KioskExitPinMax, KioskNameMax, type KioskRegistration } from '@/types/api.gen';
import { isApiError } from '@/lib/api/client';
import { fieldErrors } from '@/lib/api/fieldErrors';
import { useAppMutation } from '@/lib/api/mutation';
import { setUpKiosk } from '../api/kioskSetup';
import { digitsOnly, kioskSetupProblems, type KioskCredentialSource, type KioskSetupProblems } from '../setupRules';
import { refreshDesktopStatus } from '../shell';

function problemText(t: TFunction, p: KioskSetupProblems): Record<keyof KioskSetupProblems, string | undefined> {
  return {
    deviceName: p.deviceName === 'required' ? t('desktop.kioskSetup.problem.nameRequired') : p.deviceName ? t('desktop.kioskSetup.problem.nameTooLong') : undefined,
    credential:
      p.credential === 'required' ? t('desktop.kioskSetup.problem.credentialRequired') : p.credential ? t('desktop.kioskSetup.problem.credentialShape') : undefined,
    exitPin:
      p.exitPin === 'required'
        ? t('desktop.kioskSetup.problem.pinRequired')
        : p.exitPin === 'shape'
          ? t('desktop.kioskSetup.problem.pinShape')
          : p.exitPin
            ? t('desktop.kioskSetup.problem.pinMismatch')
            : undefined,
  };
}

/** What a refused setup means, in words. */
function setupFailure(t: TFunction, err: unknown): string {
  if (!isApiError(err)) return t('desktop.kioskSetup.failed', { msg: String(err) });
  if (err.code === '4001' || err.code === CodeKioskNotSetUp || err.httpStatus === 401) return t('desktop.kioskSetup.refused');
  if (err.code === CodeCloudUnreachable || (err.code === '' && err.httpStatus === 0)) return t('desktop.kioskSetup.unreachable');
  return t('desktop.kioskSetup.failed', { msg: err.message || err.code });
}

/**
 * Makes this computer the door kiosk: a credential (registered now by the signed-in owner, or pasted), an exit
 * PIN typed twice, a confirmation, then POST /api/desktop/kiosk/setup; the shell switches to kiosk mode and
 * the gate shows /kiosk. A credential registered here is never lost: when the setup fails it stays in the
 * form (pasted mode) to retry or copy.
 */
export function KioskSetupForm({ register }: { register?: (deviceName: string) => Promise<KioskRegistration> }) {
  const { t } = useTranslation();
  const canRegister = register !== undefined;
  const [source, setSource] = useState<KioskCredentialSource>(canRegister ? 'register' : 'paste');
  const [deviceName, setDeviceName] = useState('');
  const [credential, setCredential] = useState('');
  const [exitPin, setExitPin] = useState('');
  const [exitPinConfirm, setExitPinConfirm] = useState('');
  const [shown, setShown] = useState<KioskSetupProblems | null>(null);
  const [serverName, setServerName] = useState<string | undefined>();
  const [failure, setFailure] = useState('');
  const [kept, setKept] = useState('');
  const [confirming, setConfirming] = useState(false);

  const fields = { source, deviceName, credential, exitPin, exitPinConfirm };
  // Problems show after the first try, and then follow the typing.
  const problems = shown === null ? {} : kioskSetupProblems(fields);
  const words = problemText(t, problems);

  const check = (e: FormEvent) => {
    e.preventDefault();
    const found = kioskSetupProblems(fields);
    setShown(found);
    setFailure('');
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  const setUp = useAppMutation({
    mutationFn: async () => {
      let cred = credential.trim();
      if (source === 'register' && register) {
        let registration;
        try {
          registration = await register(deviceName.trim());
        } catch (err) {
          setServerName(fieldErrors(err).deviceName);
          return;
        }
        cred = registration.credential;
        // From here on the credential exists: keep it in the form whatever happens next.
        setCredential(cred);
        setSource('paste');
        setKept(registration.device.deviceName);
      }
      await setUpKiosk({ credential: cred, exitPin });
      await refreshDesktopStatus();
    },
    onError: (err) => setFailure(setupFailure(t, err)),
  });

  const run = () => {
    setConfirming(false);
    setFailure('');
    setUp.mutate();
  };

  return (
    <form onSubmit={check} noValidate data-testid="kiosk-setup-form" className="hearth-desktop-form">
      {canRegister ? (
        <RadioGroup label={t('desktop.kioskSetup.how')} selectedValue={source} onChange={(e) => setSource(e.currentTarget.value as KioskCredentialSource)}>
          <Radio value="register" label={t('desktop.kioskSetup.registerNew')} />
          <Radio value="paste" label={t('desktop.kioskSetup.pasteExisting')} />
        </RadioGroup>
      ) : null}
      {source === 'register' ? (
        <FormGroup
          label={t('desktop.kioskSetup.deviceName')}
          labelFor="kiosk-setup-name"
          labelInfo={t('desktop.kioskSetup.deviceNameHint')}
          intent={words.deviceName || serverName ? Intent.DANGER : Intent.NONE}
          helperText={words.deviceName ?? serverName}
        >
          <InputGroup id="kiosk-setup-name" maxLength={KioskNameMax} value={deviceName} onValueChange={setDeviceName} />
        </FormGroup>
      ) : (
        <FormGroup
          label={t('desktop.kioskSetup.credential')}
          labelFor="kiosk-setup-credential"
          intent={words.credential ? Intent.DANGER : Intent.NONE}
          helperText={words.credential ?? t('desktop.kioskSetup.credentialHint')}
        >
          <InputGroup
            id="kiosk-setup-credential"
            autoComplete="off"
            spellCheck={false}
            maxLength={KioskCredentialMax}
            value={credential}
            onValueChange={setCredential}
            onFocus={(e) => e.currentTarget.select()}
          />
        </FormGroup>
      )}
      {kept ? (
        <Callout intent={Intent.WARNING} className="hearth-gap-bottom">
          {t('desktop.kioskSetup.registeredKeep', { name: kept })}
        </Callout>
      ) : null}
      <FormGroup label={t('desktop.kioskSetup.exitPin')} labelFor="kiosk-setup-pin" helperText={t('desktop.kioskSetup.exitPinHelp')}>
        <InputGroup
          id="kiosk-setup-pin"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={KioskExitPinMax}
          value={exitPin}
          onValueChange={(v) => setExitPin(digitsOnly(v, KioskExitPinMax))}
        />
      </FormGroup>
      <FormGroup
        label={t('desktop.kioskSetup.exitPinConfirm')}
        labelFor="kiosk-setup-pin2"
        intent={words.exitPin ? Intent.DANGER : Intent.NONE}
        helperText={words.exitPin}
      >
        <InputGroup
          id="kiosk-setup-pin2"
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={KioskExitPinMax}
          value={exitPinConfirm}
          onValueChange={(v) => setExitPinConfirm(digitsOnly(v, KioskExitPinMax))}
        />
      </FormGroup>
      {failure ? (
        <Callout intent={Intent.DANGER} className="hearth-gap-bottom" data-testid="kiosk-setup-error">
          {failure}
        </Callout>
      ) : null}
      <Button type="submit" intent={Intent.PRIMARY} size="large" icon={<DesktopIcon />} loading={setUp.isPending} data-testid="kiosk-setup-start">
        {t('desktop.kioskSetup.start')}
      </Button>
      <Alert
        isOpen={confirming}
        aria-labelledby="kiosk-setup-confirm-text"
        intent={Intent.PRIMARY}
        confirmButtonText={t('desktop.kioskSetup.start')}
        cancelButtonText={t('common.action.cancel')}
        canEscapeKeyCancel
        onCancel={() => setConfirming(false)}
        onConfirm={run}
      >
        <p id="kiosk-setup-confirm-text">{t('desktop.kioskSetup.confirm')}</p>
      </Alert>
    </form>
  );
}
