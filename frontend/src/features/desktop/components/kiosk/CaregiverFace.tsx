import { useState } from 'react';
import { initials } from '../../kioskKeys';
import { textOn } from '@/lib/ui/contrast';

/** The face on a name button: the photo, or the initials on the staff colour (also when the photo fails). */
export function CaregiverFace({ name, avatarUrl, color, size }: { name: string; avatarUrl?: string; color?: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const photo = avatarUrl && failed !== avatarUrl ? avatarUrl : undefined;
  return (
    <span
      className="hearth-kiosk-face"
      style={{ background: color || '#5f6b7c', color: textOn(color || '#5f6b7c'), width: size, height: size, fontSize: Math.round(size * 0.38) }}
      aria-hidden="true"
    >
      {photo ? <img src={photo} alt="" onError={() => setFailed(photo)} /> : initials(name)}
    </span>
  );
}
