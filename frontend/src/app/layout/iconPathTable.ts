// One chunk per icon; this table itself loads only when a string-named icon is first drawn.
// Only the 16px set: string-named icons are menu icons, drawn at 16px. Import a component for large icons.
import type { IconPaths } from '@blueprintjs/icons';

const paths16 = import.meta.glob<IconPaths>('/node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js', {
  import: 'default',
  base: '/node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/',
});

export function iconPathsLoader(name: string): (() => Promise<IconPaths>) | undefined {
  return paths16[`./${name}.js`];
}
