// The XLSX export: one worksheet of the same rows and columns as the CSV (export-rows.ts), zipped
// with fflate into the four parts Excel and LibreOffice need. Loaded by a dynamic import on the
// click that asks for it, so fflate and this writer are a chunk no page downloads until then.
import { strToU8, zipSync } from 'fflate';
import { exportRows, type ExportRowsOptions } from './export-rows.ts';
import { sheetXml } from './sheet-xml.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], not starting or ending with '. */
export function sheetNameOf(name: string): string {
  const clean = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim();
  return clean || 'Records';
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

// Three cell styles, in the order sheet-xml.ts's STYLE names them: normal; bold (the header); text format with a quote
// prefix (text that looks like a formula stays text even when edited).
const STYLES =
  `<styleSheet xmlns="${MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

export interface XlsxOptions extends ExportRowsOptions {
  sheetName: string;
}

export interface XlsxFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** How many texts were longer than a cell holds and were cut (each ends with a note saying so). */
  cutCells: number;
}

export function recordsToXlsx(records: readonly unknown[], { sheetName, ...rowsOptions }: XlsxOptions): XlsxFile {
  const { fields, rows } = exportRows(records, rowsOptions);
  const sheet = sheetXml(fields, rows);
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${escapeAttribute(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': XML_HEAD + STYLES,
    'xl/worksheets/sheet1.xml': sheet.xml,
  };
  const zippable: Record<string, Uint8Array> = {};
  for (const [path, text] of Object.entries(parts)) zippable[path] = strToU8(text);
  return { bytes: zipSync(zippable, { level: 6 }) as Uint8Array<ArrayBuffer>, cutCells: sheet.cutCells };
}
