import i18n from 'i18next';

/** Units of a file size (spec 000 §3 "File item": Bytes to TB, base 1024); "Bytes" is said in the interface language. */
const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

function unit(i: number): string {
  return i === 0 && i18n.isInitialized ? i18n.t('common.file.bytes') : UNITS[i];
}

/** A file size for people: base 1024, at most 2 decimals, Bytes to TB (spec 001 §9 "File size display"). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${unit(0)}`;
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${unit(i)}`;
}
