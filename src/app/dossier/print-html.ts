// Prints an HTML document as it is, in a hidden frame: the dossier's "Print / Save as PDF" prints
// the evidence pack's own HTML (its print stylesheet, cover and page numbers), not the app's page.
// The pack holds no script and its own Content-Security-Policy (default-src 'none') forbids any,
// in the frame as in the file; the frame is not sandboxed, so the print dialog may open from it.

const FRAME_CLASS = 'print-frame';

export function printHtml(html: string): void {
  document.querySelector(`iframe.${FRAME_CLASS}`)?.remove();
  const frame = document.createElement('iframe');
  frame.className = FRAME_CLASS;
  frame.title = 'Report for printing';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', width: '0', height: '0', border: '0', right: '0', bottom: '0' });
  frame.addEventListener('load', () => frame.contentWindow?.print(), { once: true });
  frame.srcdoc = html;
  document.body.append(frame);
}
