// What the file service accepts (spec 000 §5 "File upload": PDF, jpg, jpeg, png only). The server decides
// by content; the UI checks the name and type first so a wrong file is refused before it is sent.

/** The `accept` attribute of an attachment picker. */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png']);
const TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** True when a chosen file looks like a PDF, JPEG or PNG by its name and (when the browser knows it) its type. */
export function isAcceptedUpload(file: Pick<File, 'name' | 'type'>): boolean {
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return EXTENSIONS.has(ext) && (file.type === '' || TYPES.has(file.type));
}

/** How a file can be shown in the preview page. */
export function previewKind(contentType: string): 'pdf' | 'image' | 'none' {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/jpeg' || type === 'image/png' || type === 'image/webp') return 'image';
  return 'none';
}
