// A string-named icon's paths, fetched on first use from the files the build writes (vite.config.ts,
// blueprintIconFiles). Only the 16px set: string-named icons are menu icons, drawn at 16px. Import a
// component for large icons.
import type { IconPaths } from '@blueprintjs/icons';
import { ICON16_BASE } from 'virtual:hearth-icon16';

export async function fetchIconPaths16(name: string): Promise<IconPaths> {
  const res = await fetch(`${ICON16_BASE}${encodeURIComponent(name)}.json`);
  if (!res.ok) throw new Error(`icon ${name}: HTTP ${res.status}`);
  return (await res.json()) as IconPaths;
}
