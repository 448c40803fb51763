// What the file service accepts (spec 000 §5 "File upload": PDF, jpg, jpeg, png only). The server decides
// by content; the UI checks the name and type first so a wrong file is refused before it is sent.

/** The `accept` attribute of an attachment picker. */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'];
const TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

// Papers read for their text (smart setup, facility documents) may also be iPhone photos (HEIC) and Word
// documents (DOCX), issue 33. Browsers name a HEIC image/heic or image/heif, or leave the type empty.
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PAPER_EXTENSIONS = [...EXTENSIONS, 'heic', 'heif', 'docx'];
const PAPER_TYPES = [...TYPES, 'image/heic', 'image/heif', DOCX_TYPE];

/** The `accept` attribute of a picker for papers read for their text: PDF, JPEG, PNG, HEIC, DOCX. */
export const PAPER_ACCEPT = [...PAPER_EXTENSIONS.map((e) => `.${e}`), ...PAPER_TYPES].join(',');

function accepted(file: Pick<File, 'name' | 'type'>, extensions: string[], types: string[]): boolean {
  const dot = file.name.lastIndexOf('.');
  const ext = dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return extensions.includes(ext) && (file.type === '' || types.includes(file.type));
}

/** True when a chosen file looks like a PDF, JPEG or PNG by its name and (when the browser knows it) its type. */
export function isAcceptedUpload(file: Pick<File, 'name' | 'type'>): boolean {
  return accepted(file, EXTENSIONS, TYPES);
}

/** True when a chosen file looks like a paper read for its text: a PDF, a JPEG, PNG or HEIC photo, or a DOCX. */
export function isAcceptedPaper(file: Pick<File, 'name' | 'type'>): boolean {
  return accepted(file, PAPER_EXTENSIONS, PAPER_TYPES);
}

/** How a file can be shown in the preview page. */
export function previewKind(contentType: string): 'pdf' | 'image' | 'none' {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'image/jpeg' || type === 'image/png' || type === 'image/webp') return 'image';
  return 'none';
}
