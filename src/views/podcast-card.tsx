// One search result of T: artwork, highlighted title and description (sanitised), facts, links.
import type { z } from 'zod';
import type { Salvaged } from '../lookups/answer.ts';
import type { podcastResult } from '../lookups/t-podcast-search.ts';
import { formatDate, formatDuration } from './format.ts';
import { safeUrl } from './safe-url.ts';
import { htmlToText, sanitizeHtml } from './sanitize-html.ts';

/** One result of T's typed body: episodes, podcasts and curated lists share it, not every field. */
type PodcastResult = Salvaged<z.output<typeof podcastResult>>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

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
  const image = safeUrl(result.thumbnail) ?? safeUrl(result.image);
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
      {image && <img src={image} alt="" width={72} height={72} loading="lazy" />}
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
        {audio && <audio controls preload="none" src={audio} aria-label={`Play ${htmlToText(titleHtml)}`} />}
        <p className="podcast-card__links">
          {link && (
            <a href={link} target="_blank" rel="noreferrer noopener">
              Web page
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
