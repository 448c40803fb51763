import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Classes, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CogIcon, FullscreenIcon, HomeIcon, KeyIcon, MediaIcon, MinimizeIcon, NotificationsIcon, PrintIcon, TickIcon, TranslateIcon } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@/types/api.gen';
import { RoleFacilityOwner, RoleFacilityOwnerRegister } from '@/types/api.gen';
import { usePublicConfig } from '@/features/auth/api/getPublicConfig';
import { userInfoKey } from '@/features/auth/api/getUserInfo';
import { printPage } from '@/features/desktop/bridge';
import { chooseLanguage, currentLanguage, LANGUAGES } from '@/lib/i18n';
import { listenForPushChanges, syncThisDevicePush } from '@/lib/push/devicePush';
import { useSessionStore } from '@/lib/session/store';
import { SUPER_ADMIN } from '../routing';

// The picture editor (cropper, zoom slider) loads when it is opened, not with every signed-in page.
const AvatarDialog = lazy(() => import('@/features/profile/components/AvatarDialog').then((m) => ({ default: m.AvatarDialog })));
// Alerts on this phone (Web Push), likewise loaded when opened.
const PushSettingsDialog = lazy(() => import('@/features/push/components/PushSettingsDialog').then((m) => ({ default: m.PushSettingsDialog })));

function useFullScreen(): [boolean, () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const update = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [on, toggle];
}

/**
 * Settings popover: who is signed in, language, full screen, print (the desktop shell's own print inside it),
 * avatar, change password, alerts on this phone (a facility's people: Web Push, issue 34), version
 * (spec 000 §2 "Layout").
 */
export function SettingsPopover({ userInfo, labelled = false }: { userInfo: UserInfo | undefined; labelled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [pushOpen, setPushOpen] = useState(false);
  const config = usePublicConfig();
  const session = useSessionStore((s) => s.session);
  const [fullScreen, toggleFullScreen] = useFullScreen();
  const language = currentLanguage();
  const superAdmin = session?.roles.includes(SUPER_ADMIN) ?? false;
  const owner = session?.roles.some((r) => r === RoleFacilityOwner || r === RoleFacilityOwnerRegister) ?? false;
  const name = userInfo?.userName || session?.userInfo.userName || '';
  const facility = superAdmin ? t('layout.settings.platform') : (userInfo?.facilityName ?? '');

  const content = (
    <Menu className="hearth-settings-menu" aria-label={t('layout.settings.open')}>
      <MenuTitle title={t('layout.settings.signedInAs')} />
      <li className="hearth-settings-user" role="none" data-testid="settings-user">
        <strong>{name}</strong>
        <span className="hearth-muted">{facility}</span>
      </li>
      <MenuTitle title={t('layout.settings.language')} />
      {LANGUAGES.map((l) => (
        <MenuItem
          key={l.code}
          text={l.label}
          lang={l.code}
          icon={l.code === language ? <TickIcon /> : <TranslateIcon />}
          active={l.code === language}
          onClick={() => {
            if (l.code !== language) chooseLanguage(l.code);
          }}
        />
      ))}
      <MenuDivider />
      <MenuItem
        icon={fullScreen ? <MinimizeIcon /> : <FullscreenIcon />}
        text={fullScreen ? t('layout.settings.exitFullScreen') : t('layout.settings.fullScreen')}
        onClick={toggleFullScreen}
      />
      <MenuItem icon={<PrintIcon />} text={t('desktop.print')} onClick={printPage} data-testid="settings-print" />
      <MenuItem icon={<MediaIcon />} text={t('layout.settings.avatar')} onClick={() => setAvatarOpen(true)} />
      <MenuItem icon={<KeyIcon />} text={t('layout.settings.changePassword')} onClick={() => void navigate('/change-password')} />
      {superAdmin ? null : (
        <MenuItem icon={<NotificationsIcon />} text={t('layout.settings.push')} onClick={() => setPushOpen(true)} data-testid="settings-push" />
      )}
      {owner ? (
        <MenuItem icon={<HomeIcon />} text={t('layout.settings.facility')} onClick={() => void navigate('/facility-settings')} data-testid="settings-facility" />
      ) : null}
      {config.data?.version ? (
        <>
          <MenuDivider />
          <li className="hearth-settings-version" role="none">{t('app.status.version', { version: config.data.version })}</li>
        </>
      ) : null}
    </Menu>
  );

  const userId = userInfo?.userId || session?.userId || '';
  // This phone's push subscription, sent again when the push service replaced it (lib/push/devicePush.ts).
  const pushUser = superAdmin ? '' : (session?.userId ?? '');
  useEffect(() => {
    if (!pushUser) return;
    void syncThisDevicePush(pushUser).catch(() => undefined);
    return listenForPushChanges(pushUser);
  }, [pushUser]);
  return (
    <>
      {/* PopoverNext: Blueprint's Popover mis-positions under React 19 (its own console warning says so). */}
      <PopoverNext content={content} placement={labelled ? 'top-start' : 'bottom-end'}>
        {labelled ? (
          <Button variant="minimal" icon={<CogIcon />}>
            {t('layout.settings.open')}
          </Button>
        ) : (
          <Button variant="minimal" icon={<CogIcon />} aria-label={t('layout.settings.open')} title={t('layout.settings.open')} />
        )}
      </PopoverNext>
      {avatarOpen ? (
        <Suspense fallback={null}>
          <AvatarDialog
            userId={userId}
            onClose={() => setAvatarOpen(false)}
            onSaved={() => queryClient.invalidateQueries({ queryKey: userInfoKey })}
          />
        </Suspense>
      ) : null}
      {pushOpen ? (
        <Suspense fallback={null}>
          <PushSettingsDialog onClose={() => setPushOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A titled divider of the settings menu, drawn as Blueprint's menu header but not a heading: an <h6> inside
 * a popover after the page's <h1>/<h2> breaks the page's heading order for a screen reader (axe
 * heading-order), and the title is read in place anyway.
 */
function MenuTitle({ title }: { title: string }) {
  return (
    <li className={Classes.MENU_HEADER} role="none">
      <h6 className={Classes.HEADING} role="presentation">
        {title}
      </h6>
    </li>
  );
}
