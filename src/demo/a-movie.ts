// Demo upstream for A (movie details): a fixed catalog of forty movies by id (550 among them),
// texts in the asked language where a translation exists, and the appended sub-resources.
import { movie } from '../lookups/a-movie.ts';
import { json, providerError, defineDemo } from './demo-types.ts';
import { movieCatalog, type CatalogEntry } from './a-movie-catalog.ts';
import type { MovieTexts } from './a-movie-curated.ts';
import { appendedResources } from './a-movie-extras.ts';

const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' };

/** `en-US` → language `en`, region `US`; the provider's default is en-US. */
function splitLanguage(tag: string | undefined): { language: string; region: string } {
  const [language = 'en', region] = tag ? tag.split('-') : ['en', 'US'];
  return { language: language.toLowerCase(), region: (region ?? (language === 'en' ? 'US' : language)).toUpperCase() };
}

/**
 * Like the provider: a missing translation leaves the original title and empty overview and
 * tagline rather than falling back to English.
 */
function localiser(language: string) {
  return (entry: CatalogEntry): MovieTexts => entry.texts[language] ?? { title: entry.movie.original_title, overview: '', tagline: '' };
}

export const movieDemo = defineDemo(movie, ({ params }) => {
  const catalog = movieCatalog();
  const entry = catalog.get(params.movie_id);
  if (!entry) return providerError(404, NOT_FOUND);
  const { language, region } = splitLanguage(params.language);
  const localise = localiser(language);
  const texts = localise(entry);
  const names = params.append_to_response ?? [];
  const extras = appendedResources({ entry, language, region, catalog: [...catalog.values()], localise }, names);
  return json({ ...entry.movie, title: texts.title, overview: texts.overview, tagline: texts.tagline, ...extras });
});
