// Builds the evidence pack from the answers on screen: the appendix (with each answer's SHA-256),
// the tables and dictionaries, the HTML file, and the ZIP of the answers' exact bytes beside the
// appendix as JSON, so the hashes can be checked with any sha256sum.
import { strToU8, zipSync } from 'fflate';
import { flattenRecords } from '../../../results/table-api.ts';
import type { Answer } from '../../../lookups/answer.ts';
import { dataDictionary } from './data-dictionary.ts';
import { evidenceHtml, type PackSection } from './evidence-html.ts';
import { answerBytes } from './sha256.ts';
import { provenanceOf, type EvidenceAnswer, type ProvenanceEntry } from './provenance.ts';

export interface PackAnswer extends EvidenceAnswer {
  answer: Answer;
  /** The section's summary lines, as the page shows them. */
  summary: readonly { term: string; value: string }[];
}

export interface BuiltPack {
  html: string;
  zip: Uint8Array<ArrayBuffer>;
  appendix: ProvenanceEntry[];
}

function sourceWords(entry: ProvenanceEntry): string {
  return `${entry.source} data · ${entry.masked ? 'personal data masked' : 'not masked'} · fetched ${entry.requestedAt} · ${entry.durationMs} ms · HTTP ${entry.status}`;
}

/** The pack's title, its opening line and its cover's lines (subject, place, window, who, data, masking, distances). */
export interface PackHead {
  title: string;
  intro: string;
  cover?: readonly { term: string; value: string }[];
}

export async function buildPack(
  { title, intro, cover }: PackHead,
  answers: readonly PackAnswer[],
  mapImage: string | undefined,
  now = new Date(),
): Promise<BuiltPack> {
  const appendix = await Promise.all(answers.map(provenanceOf));
  const sections: PackSection[] = answers.map((answer, index) => {
    const table = flattenRecords(answer.answer.records);
    return {
      heading: `${answer.lookup.id}. ${answer.lookup.title}`,
      provenance: sourceWords(appendix[index]!),
      summary: answer.summary,
      columns: table.columns,
      rows: table.rows,
      dictionary: dataDictionary(answer.operation, table.columns),
      sha256: appendix[index]!.sha256,
    };
  });
  const html = evidenceHtml({ title, intro, ...(cover && { cover }), generatedAt: now.toISOString(), mapImage, sections, appendix });
  const files: Record<string, Uint8Array> = Object.fromEntries(
    answers.map((answer, index) => [appendix[index]!.file, answerBytes(answer.response.text)]),
  );
  files['provenance.json'] = strToU8(`${JSON.stringify({ title, generatedAt: now.toISOString(), requests: appendix }, null, 2)}\n`);
  files['evidence.html'] = strToU8(html);
  return { html, zip: zipSync(files, { level: 6 }) as Uint8Array<ArrayBuffer>, appendix };
}
