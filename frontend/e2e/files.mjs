// Files the journeys upload, and sizes as the UI writes them.

/** A PDF of `objects` (numbered from 1, the first the catalogue) with a valid cross-reference table. */
function pdfOf(objects) {
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A one-page PDF showing `text`. */
export function pdf(text) {
  const content = `BT /F1 12 Tf 20 100 Td (${text}) Tj ET`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/** Escapes a line for a PDF string. */
const pdfString = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page letter-size PDF whose text layer holds `lines` (Helvetica, one line under the other), as a scanner's OCR or a pharmacy's export leaves it. */
export function textPdf(lines) {
  const content = `BT /F1 11 Tf 40 750 Td 16 TL ${lines.map((l) => `(${pdfString(l)}) Tj T*`).join(' ')} ET`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ]);
}

/** 193 → "193 Bytes", as the UI writes sizes (base 1024, 2 decimals). */
export function sizeText(bytes, bytesWord = 'Bytes') {
  const units = [bytesWord, 'KB', 'MB', 'GB', 'TB'];
  const i = bytes > 0 ? Math.min(4, Math.floor(Math.log(bytes) / Math.log(1024))) : 0;
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}
