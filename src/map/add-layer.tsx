// "Add a layer": another answer with coordinates from History, or a bulk run, joins the map (`layers=` in the URL);
// the layers added are listed with a way to take each off, and one the URL names that cannot be
// drawn here (another browser's History) says so rather than vanishing.
import type { MapAnalysis } from '../results/slots.ts';

export function AddLayer({ analysis }: { analysis: MapAnalysis }) {
  const added = analysis.look.layers ?? [];
  const choices = (analysis.layerChoices ?? []).filter((choice) => !added.includes(choice.id));
  const notices = analysis.layerNotices ?? [];
  if (choices.length === 0 && added.length === 0) return null;
  const set = (layers: readonly string[]) => analysis.onLookChange({ layers: layers.length > 0 ? layers : undefined });
  return (
    <div className="map-add-layer">
      {choices.length > 0 && (
        <label>
          Add a layer from History or a bulk run
          <select value="" onChange={(event) => event.target.value && set([...added, event.target.value])}>
            <option value="">Choose an answer…</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.title}
              </option>
            ))}
          </select>
        </label>
      )}
      {added.length > 0 && (
        <button type="button" onClick={() => set([])}>
          Remove the added layers
        </button>
      )}
      {notices.length > 0 && (
        <ul className="map-layer-notices" role="status">
          {notices.map((notice) => (
            <li key={notice.id}>{notice.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
