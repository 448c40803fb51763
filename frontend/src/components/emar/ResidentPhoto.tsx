import { useState } from 'react';
import './emar.css';

/** Initials of a name: the first letters of its first and last words ("Margaret Olsen" → "MO"; "王建国" → "王"). */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A resident's photo (a signed link) for the med pass, where the right resident is checked by face, or
 * their initials when there is none or it fails to load. Decorative: the name is always written beside it.
 */
export function ResidentPhoto({ name, url, size = 48 }: { name: string; url?: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="hearth-emar-photo" style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }} aria-hidden="true">
      {url && !broken ? <img src={url} alt="" onError={() => setBroken(true)} /> : nameInitials(name)}
    </span>
  );
}
