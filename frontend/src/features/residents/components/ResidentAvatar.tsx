import { useState } from 'react';
import type { Resident } from '@/types/api.gen';
import { initials } from '@/lib/residents/residentRules';

/**
 * The resident's photo (a signed link), or their initials when there is none or it fails to load. Up to
 * 64 px it loads the server's 64 × 64 thumbnail, so a list of residents does not fetch whole photos.
 */
export function ResidentAvatar({ resident, size = 36 }: { resident: Pick<Resident, 'firstName' | 'lastName' | 'avatar'>; size?: number }) {
  const [broken, setBroken] = useState(false);
  const url = (size <= 64 ? resident.avatar?.thumbUrl : undefined) || resident.avatar?.url;
  return (
    <span
      className="hearth-resident-avatar"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
      aria-hidden="true"
    >
      {url && !broken ? <img src={url} alt="" onError={() => setBroken(true)} /> : initials(resident)}
    </span>
  );
}
