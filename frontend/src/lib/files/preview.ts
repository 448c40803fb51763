/** The file preview page of a file (spec 000 §2: /{fileId} with a query suffix). */
export function filePreviewUrl(fileId: string): string {
  return `/${encodeURIComponent(fileId)}?preview=1`;
}

/** Opens the file preview page in a new window; it signs in from the same stored session. */
export function openFilePreview(fileId: string): void {
  window.open(filePreviewUrl(fileId), '_blank', 'noopener');
}

/** Hands a blob to the browser as a download named fileName. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has started the download; the URL can go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
