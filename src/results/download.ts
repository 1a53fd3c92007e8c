// Saves text or bytes as a file through a temporary object URL (the only way a browser app can "download").
export function downloadText(fileName: string, text: string, mimeType: string): void {
  download(fileName, new Blob([text], { type: mimeType }));
}

/** Bytes (an .xlsx, a zip) as a file. */
export function downloadBytes(fileName: string, bytes: Uint8Array<ArrayBuffer>, mimeType: string): void {
  download(fileName, new Blob([bytes], { type: mimeType }));
}

function download(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name stem for a lookup's exports, e.g. `lookup-m-calls-2026-11-22`. */
export function exportStem(slug: string, operationId: string): string {
  return `lookup-${slug}-${operationId}-${new Date().toISOString().slice(0, 10)}`;
}
