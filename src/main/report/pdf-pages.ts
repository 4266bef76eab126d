// Page count of a PDF Chromium wrote: its page objects are plain `/Type /Page` dictionaries.

export function countPdfPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  if (!text.startsWith('%PDF-')) throw new Error('not a PDF');
  // `/Type /Pages` (the tree node) must not count; PDF allows no space after the name too.
  return (text.match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}
