// Saves bytes (a zip) as a file, as results/download.ts saves text: through a temporary object URL.
export function downloadBytes(fileName: string, bytes: Uint8Array<ArrayBuffer>, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
