// A body holding every field of the spec's table A, as the provider would send it.
import { movie } from '../../a-movie.ts';
import { defineSamples } from '../define-samples.ts';
export const movieSample = {
  adult: false,
  backdrop_path: '/hZkgoQYus5vegHoetLkCJzb17zJ.jpg',
  belongs_to_collection: null,
  budget: 63000000,
  genres: [{ id: 18, name: 'Drama' }],
  homepage: 'https://example.com/fight-club',
  id: 550,
  extdb_id: 'tt0137523',
  original_language: 'en',
  original_title: 'Fight Club',
  overview: 'A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression.',
  popularity: 61.416,
  poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg',
  production_companies: [{ id: 508, logo_path: '/7cxRWzi4LsVm4Utfpr1hfARNurT.png', name: 'Regency Enterprises', origin_country: 'US' }],
  production_countries: [{ iso_3166_1: 'US', name: 'United States of America' }],
  release_date: '1999-10-15',
  revenue: 100853753,
  runtime: 139,
  spoken_languages: [{ iso_639_1: 'en', name: 'English' }],
  status: 'Released',
  tagline: 'Mischief. Mayhem. Soap.',
  title: 'Fight Club',
  video: false,
  vote_average: 8.433,
  vote_count: 26280,
};

export const samples = defineSamples(movie, { details: [movieSample] });
