// A's own view: the movie as a card.
import { movieResponse } from '../lookups/a-movie.ts';
import { typedBody } from '../lookups/answer.ts';
import type { OwnViewProps } from '../results/slots.ts';
import { formatDate, formatDuration, formatMoney } from './format.ts';
import { Fact } from './fact.tsx';
import { safeUrl } from './safe-url.ts';
import { ViewMessage } from './view-message.tsx';
import './views.css';

export default function MovieCard({ answer }: OwnViewProps) {
  // The interpreter's typed body: on drift, every field that disagrees with the spec is left out,
  // so one drifted field does not hide the rest of the card.
  const movie = typedBody(answer, movieResponse)?.body;
  if (!movie?.title) return <ViewMessage>This body has no movie to show.</ViewMessage>;
  const year = movie.release_date?.slice(0, 4);
  const companies = movie.production_companies ?? [];
  const homepage = safeUrl(movie.homepage);
  return (
    <article className="view-card movie-card" aria-labelledby="movie-title">
      <header>
        <h3 id="movie-title">
          {movie.title} {year && <span className="movie-card__year">({year})</span>}
        </h3>
        {movie.original_title && movie.original_title !== movie.title && <p className="muted">Original title: {movie.original_title}</p>}
        {movie.tagline && <p className="movie-card__tagline">{movie.tagline}</p>}
      </header>
      <dl className="fact-list">
        {movie.release_date && <Fact name="Released">{formatDate(movie.release_date)}</Fact>}
        {movie.runtime !== undefined && movie.runtime > 0 && <Fact name="Runtime">{formatDuration(movie.runtime * 60)}</Fact>}
        {movie.vote_average !== undefined && (
          <Fact name="Rating">{`${movie.vote_average.toFixed(1)} / 10${movie.vote_count ? ` (${movie.vote_count.toLocaleString('en-US')} votes)` : ''}`}</Fact>
        )}
        {movie.status && <Fact name="Status">{movie.status}</Fact>}
        {movie.budget ? <Fact name="Budget">{formatMoney(movie.budget)}</Fact> : null}
        {movie.revenue ? <Fact name="Revenue">{formatMoney(movie.revenue)}</Fact> : null}
      </dl>
      {movie.genres && movie.genres.length > 0 && (
        <ul className="chips" aria-label="Genres">
          {movie.genres.map((genre, index) => genre?.name && <li key={genre.id ?? index}>{genre.name}</li>)}
        </ul>
      )}
      {movie.overview && <p className="movie-card__overview">{movie.overview}</p>}
      {companies.length > 0 && (
        <section aria-labelledby="movie-companies">
          <h4 id="movie-companies">Production companies</h4>
          <ul className="plain-list">
            {companies.map(
              (company, index) =>
                company?.name && (
                  <li key={company.id ?? index}>
                    {company.name}
                    {company.origin_country && <span className="muted"> · {company.origin_country}</span>}
                  </li>
                ),
            )}
          </ul>
        </section>
      )}
      {homepage && (
        <p>
          <a href={homepage} target="_blank" rel="noreferrer noopener">
            Homepage
          </a>
        </p>
      )}
    </article>
  );
}
