// Saved queries as a Bruno collection, the folder Bruno opens ("Open Collection"): `bruno.json`,
// one `.bru` request file per saved query (in a folder per saved collection when there are
// several), and `environments/<name>.bru` defining `baseUrl` as this app's origin, which every
// request's URL starts with. A lone `.bru` file is not a collection Bruno can open.
import type { AnyLookup } from '../../lookups/define-lookup.ts';
import { BASE_URL_VARIABLE, fileStem, writeBruFile } from './saved-export.ts';
import type { SavedQuery } from './saved-store.ts';

export const BRUNO_ENVIRONMENT = 'Lookup Explorer';

export interface BrunoFile {
  /** Inside the zip, under one top folder named after the collection. */
  path: string;
  text: string;
}

/** A name unique within a folder: `name`, `name-2`, `name-3`… (file systems ignore case). */
function uniqueStem(stem: string, taken: Set<string>): string {
  let candidate = stem;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem}-${n}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** A value on one line of a .bru block (its syntax has no escapes: a line break would end the value). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

export function writeBrunoCollection(
  name: string,
  groups: ReadonlyArray<{ name: string; queries: readonly SavedQuery[] }>,
  lookupFor: (lookupId: string) => AnyLookup | undefined,
  origin: string,
): { files: BrunoFile[]; skipped: SavedQuery[] } {
  const root = fileStem(name);
  const files: BrunoFile[] = [
    {
      path: `${root}/bruno.json`,
      text: `${JSON.stringify({ version: '1', name, type: 'collection', ignore: ['node_modules', '.git'] }, null, 2)}\n`,
    },
    { path: `${root}/environments/${BRUNO_ENVIRONMENT}.bru`, text: `vars {\n  ${BASE_URL_VARIABLE}: ${origin.replace(/\/+$/, '')}\n}\n` },
  ];
  const skipped: SavedQuery[] = [];
  // Names taken at the root: `environments` is Bruno's own folder.
  const folders = new Set(['environments']);
  const inFolders = groups.length > 1;
  groups.forEach((group, groupIndex) => {
    let folder = root;
    if (inFolders) {
      folder = `${root}/${uniqueStem(fileStem(group.name), folders)}`;
      // Bruno shows a folder by the name in its folder.bru (the directory's name is a file-safe stem).
      files.push({ path: `${folder}/folder.bru`, text: `meta {\n  name: ${oneLine(group.name)}\n  seq: ${groupIndex + 1}\n}\n` });
    }
    const names = new Set(['folder', 'collection']);
    let sequence = 0;
    for (const query of group.queries) {
      const bru = writeBruFile(query, lookupFor(query.lookupId), sequence + 1);
      if (bru === undefined) {
        skipped.push(query);
        continue;
      }
      sequence++;
      files.push({ path: `${folder}/${uniqueStem(fileStem(query.name), names)}.bru`, text: bru });
    }
  });
  return { files, skipped };
}
