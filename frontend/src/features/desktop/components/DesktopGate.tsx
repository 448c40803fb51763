import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { notifyFirstPaint } from '../bridge';
import { decideDesktopRoute } from '../desktopRoutes';
import { useDesktopStore } from '../shell';
import '../desktop.css';

// Only the shell shows the banner, so a browser never loads it (nor the date formatting it uses).
const OfflineBanner = lazy(() => import('./OfflineBanner').then((m) => ({ default: m.OfflineBanner })));

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
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
      <div className="hearth-desktop-body">{children}</div>
    </div>
  );
}
