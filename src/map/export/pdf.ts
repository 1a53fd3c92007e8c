// The map sheet as a one-page landscape PDF, A4 or Letter (issue 34), with jsPDF: loaded only by
// this module, which is itself imported only when someone asks for a PDF.
import { jsPDF } from 'jspdf';

export type Paper = 'a4' | 'letter';

const MARGIN_MM = 10;

/** Where a picture of `width` × `height` sits on the page: as large as fits inside the margins, centred. */
export function placeOnPage(
  width: number,
  height: number,
  page: { width: number; height: number },
  margin = MARGIN_MM,
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min((page.width - 2 * margin) / width, (page.height - 2 * margin) / height);
  const [w, h] = [width * scale, height * scale];
  return { x: (page.width - w) / 2, y: (page.height - h) / 2, width: w, height: h };
}

export function sheetPdf(sheet: HTMLCanvasElement, paper: Paper, title: string): Uint8Array<ArrayBuffer> {
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: paper });
  pdf.setProperties({ title, creator: 'Lookup Explorer' });
  const page = { width: pdf.internal.pageSize.getWidth(), height: pdf.internal.pageSize.getHeight() };
  const { x, y, width, height } = placeOnPage(sheet.width, sheet.height, page);
  pdf.addImage(sheet, 'PNG', x, y, width, height);
  return new Uint8Array(pdf.output('arraybuffer'));
}
