// "Export … as Bruno (.zip)": a Bruno collection of saved queries, zipped on the click.
import type { SavedLookups } from './use-saved-lookups.ts';
import type { SavedQuery } from './saved-store.ts';
import { writeBrunoCollection } from './bruno-collection.ts';
import { downloadBytes } from '../../results/download.ts';
import { fileStem } from './saved-export.ts';

interface BrunoExportButtonProps {
  /** The Bruno collection's name (and the zip's). */
  name: string;
  groups: ReadonlyArray<{ name: string; queries: readonly SavedQuery[] }>;
  lookups: SavedLookups;
  label: string;
  disabled?: boolean;
}

export function BrunoExportButton({ name, groups, lookups, label, disabled = false }: BrunoExportButtonProps) {
  const download = async () => {
    const { files } = writeBrunoCollection(name, groups, lookups.lookupFor, window.location.origin);
    const { zipFiles } = await import('./bruno-zip.ts');
    downloadBytes(`${fileStem(name)}.bruno.zip`, zipFiles(files), 'application/zip');
  };
  return (
    <button type="button" disabled={disabled || !lookups.ready} onClick={() => void download()}>
      {label}
    </button>
  );
}
