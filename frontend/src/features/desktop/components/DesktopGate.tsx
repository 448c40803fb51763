import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { notifyFirstPaint } from '../bridge';
import { decideDesktopRoute } from '../desktopRoutes';
import { useDesktopStore } from '../shell';
import { OfflineBanner } from './OfflineBanner';
import '../desktop.css';

/**
 * Applies the desktop shell's screens before the signed-in routing (issue 6): a kiosk shows only /kiosk,
 * a shell without a server address shows the first-run setup, and every screen in the shell gets the
 * offline banner on top. In a browser it renders its children as they are (and the desktop screens 404).
 */
export function DesktopGate({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { pathname } = useLocation();
  const detection = useDesktopStore((s) => s.detection);
  const status = useDesktopStore((s) => s.status);
  const inShell = detection === 'desktop';

  useEffect(() => {
    if (inShell) notifyFirstPaint();
  }, [inShell]);

  if (detection === 'probing') return fallback;
  const decision = decideDesktopRoute(pathname, inShell ? status : null);
  if (decision.kind === 'redirect' && decision.to !== pathname) return <Navigate to={decision.to} replace />;
  if (!inShell) return children;
  return (
    <div className="hearth-desktop-frame">
      <OfflineBanner />
      <div className="hearth-desktop-body">{children}</div>
    </div>
  );
}
