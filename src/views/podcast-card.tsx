// One search result of T: artwork, highlighted title and description (sanitised), facts, links.
// Artwork shows only where the page's CSP lets it load (a data: image, this origin, or a media
// source the server publishes), else a placeholder says why; the episode's audio is a link to
// the provider's file, never a player that would load it from a host the page may not reach.
import type { z } from 'zod';
import { useImageAllowed } from '../api/lookup-config.ts';
import type { Salvaged } from '../lookups/answer.ts';
import type { podcastResult } from '../lookups/t-podcast-search.ts';
import { formatDate, formatDuration } from './format.ts';
import { safeUrl } from './safe-url.ts';
import { htmlToText, sanitizeHtml } from './sanitize-html.ts';

/** One result of T's typed body: episodes, podcasts and curated lists share it, not every field. */
type PodcastResult = Salvaged<z.output<typeof podcastResult>>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** Image types a `data:` URL may carry as artwork; an <img> runs no script of an SVG. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/** An artwork URL worth showing: a plain http(s) URL or a `data:` image, nothing else. */
function artworkUrl(value: unknown): string | undefined {
  if (typeof value === 'string' && DATA_IMAGE.test(value.trim())) return value.trim();
  return safeUrl(value);
}

/** The result's thumbnail (else its image), or a placeholder when the page may not load either. */
function Artwork({ candidates }: { candidates: ReadonlyArray<string | undefined> }) {
  const allowed = useImageAllowed();
  const urls = candidates.filter((url): url is string => url !== undefined);
  if (urls.length === 0) return null;
  const shown = urls.find(allowed);
  if (shown) return <img className="podcast-card__artwork" src={shown} alt="" width={72} height={72} loading="lazy" />;
  return (
    <span
      className="podcast-card__artwork podcast-card__artwork--blocked"
      title={[...new Set(urls.map((url) => new URL(url).host))].join(', ')}
    >
      artwork not loaded (host not allowed)
    </span>
  );
}

interface PodcastCardProps {
  result: PodcastResult;
  /** Position among the results, for an id when the result has none. */
  index: number;
  selected: boolean;
  onSelect: () => void;
}

export function PodcastCard({ result, index, selected, onSelect }: PodcastCardProps) {
  const titleHtml = result.title_highlighted || result.title_original || 'Untitled';
  const description = result.description_highlighted || result.description_original;
  const artwork = [artworkUrl(result.thumbnail), artworkUrl(result.image)];
  const audio = safeUrl(result.audio);
  const link = safeUrl(result.link);
  const rss = safeUrl(result.rss);
  // Fields of podcasts and curated lists the spec's episode shape does not declare.
  const show = text(result.podcast?.title_original);
  const publisher = text(result.publisher_original);
  const episodes = count(result.total_episodes);
  const titleId = `podcast-${result.id ?? `result-${index}`}`;

  return (
    <li className={`podcast-card${selected ? ' podcast-card--selected' : ''}`} aria-labelledby={titleId}>
      <Artwork candidates={artwork} />
      <div className="podcast-card__body">
        {/* Sanitised to inline markup: highlight spans, emphasis and breaks only. */}
        <h4 id={titleId} dangerouslySetInnerHTML={{ __html: sanitizeHtml(titleHtml) }} />
        <p className="podcast-card__meta muted">
          {[
            show,
            publisher,
            result.pub_date_ms !== undefined && formatDate(result.pub_date_ms),
            result.audio_length_sec !== undefined && formatDuration(result.audio_length_sec),
            episodes !== undefined && `${episodes} episodes`,
          ]
            .filter(Boolean)
            .join(' · ')}
          {result.explicit_content && <span className="badge-explicit">Explicit</span>}
        </p>
        {description && <div className="podcast-card__description" dangerouslySetInnerHTML={{ __html: sanitizeHtml(description) }} />}
        <p className="podcast-card__links">
          {link && (
            <a href={link} target="_blank" rel="noreferrer noopener">
              Web page
            </a>
          )}
          {audio && (
            <a href={audio} target="_blank" rel="noopener noreferrer" title={`The audio of ${htmlToText(titleHtml)}`}>
              Listen on the provider's site
            </a>
          )}
          {rss && (
            <a href={rss} target="_blank" rel="noreferrer noopener">
              RSS feed
            </a>
          )}
          <button type="button" className="link-button" aria-pressed={selected} onClick={onSelect}>
            {selected ? 'Selected' : 'Select'}
          </button>
        </p>
      </div>
    </li>
  );
}
