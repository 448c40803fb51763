// Icons named by string (menu icons come from the server) load one icon per request instead of
// Blueprint's default loader, which pulls every icon's paths in two large chunks. Components that know
// their icons import them as components (`import { CogIcon } from '@blueprintjs/icons'`).
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  if (size >= IconSize.LARGE) throw new Error(`icon ${name} is not available by name at ${size}px`);
  const { fetchIconPaths16 } = await import('./iconPathTable');
  return fetchIconPaths16(name);
}

let installed = false;

export function installIconLoader(): void {
  if (installed) return;
  installed = true;
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
