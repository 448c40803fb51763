import { Icon } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { DotIcon } from '@blueprintjs/icons';

/** A menu entry's icon: the Blueprint icon the server names, or a dot when the name is unknown. */
export function MenuIcon({ name }: { name: string }) {
  if (name && Icons.isValidIconName(name)) return <Icon icon={name} />;
  return <DotIcon />;
}
