// Hand-written, real-looking entries of A's demo catalog, with German, French and Spanish texts so
// the `language` parameter visibly changes the answer.
/** Texts of a movie in one language; the catalog keeps English plus the curated translations. */
export interface MovieTexts {
  title: string;
  overview: string;
  tagline: string;
}

export interface CuratedMovie {
  id: number;
  extdb_id: string;
  original_language: string;
  original_title: string;
  release_date: string;
  budget: number;
  revenue: number;
  runtime: number;
  genres: readonly string[];
  homepage: string;
  collection?: { id: number; name: string };
  companies: ReadonlyArray<readonly [id: number, name: string, country: string]>;
  countries: readonly string[];
  languages: readonly string[];
  vote_average: number;
  vote_count: number;
  cast: readonly string[];
  texts: Record<string, MovieTexts>;
}

const t = (title: string, tagline: string, overview: string): MovieTexts => ({ title, tagline, overview });

export const curatedMovies: readonly CuratedMovie[] = [
  {
    id: 550,
    extdb_id: 'tt0137523',
    original_language: 'en',
    original_title: 'Fight Club',
    release_date: '1999-10-15',
    budget: 63_000_000,
    revenue: 100_853_753,
    runtime: 139,
    genres: ['Drama'],
    homepage: 'http://www.foxmovies.com/movies/fight-club',
    companies: [
      [508, 'Regency Enterprises', 'US'],
      [711, 'Fox 2000 Pictures', 'US'],
      [20555, 'Taurus Film', 'DE'],
    ],
    countries: ['DE', 'US'],
    languages: ['en'],
    vote_average: 8.433,
    vote_count: 26280,
    cast: ['Edward Norton', 'Brad Pitt', 'Helena Bonham Carter', 'Meat Loaf', 'Jared Leto'],
    texts: {
      en: t(
        'Fight Club',
        'Mischief. Mayhem. Soap.',
        'A ticking-time-bomb insomniac and a slippery soap salesman channel primal male aggression into a shocking new form of therapy.',
      ),
      de: t(
        'Fight Club',
        'Unfug. Chaos. Seife.',
        'Ein von Schlaflosigkeit geplagter Angestellter und ein schlüpfriger Seifenverkäufer gründen einen Untergrund-Boxclub.',
      ),
      fr: t(
        'Fight Club',
        'Malice. Chaos. Savon.',
        'Un employé insomniaque et un vendeur de savon charismatique fondent un club de combat clandestin.',
      ),
      es: t(
        'El club de la lucha',
        'Travesura. Caos. Jabón.',
        'Un oficinista insomne y un carismático vendedor de jabón crean un club de lucha clandestino.',
      ),
    },
  },
  {
    id: 603,
    extdb_id: 'tt0133093',
    original_language: 'en',
    original_title: 'The Matrix',
    release_date: '1999-03-31',
    budget: 63_000_000,
    revenue: 463_517_383,
    runtime: 136,
    genres: ['Action', 'Science Fiction'],
    homepage: 'http://www.warnerbros.com/matrix',
    collection: { id: 2344, name: 'The Matrix Collection' },
    companies: [
      [79, 'Village Roadshow Pictures', 'US'],
      [372, 'Groucho II Film Partnership', ''],
      [1885, 'Silver Pictures', 'US'],
    ],
    countries: ['US'],
    languages: ['en'],
    vote_average: 8.206,
    vote_count: 24652,
    cast: ['Keanu Reeves', 'Laurence Fishburne', 'Carrie-Anne Moss', 'Hugo Weaving'],
    texts: {
      en: t(
        'The Matrix',
        'Welcome to the Real World.',
        'Set in the 22nd century, The Matrix tells the story of a computer hacker who joins a group of underground insurgents fighting the vast and powerful computers who now rule the earth.',
      ),
      de: t(
        'Matrix',
        'Willkommen in der Wirklichkeit.',
        'Ein Hacker erfährt, dass die Welt, in der er lebt, eine Simulation intelligenter Maschinen ist.',
      ),
      fr: t(
        'Matrix',
        'Bienvenue dans le monde réel.',
        'Un pirate informatique découvre que le monde qui l’entoure n’est qu’une simulation créée par des machines.',
      ),
      es: t(
        'Matrix',
        'Bienvenido al mundo real.',
        'Un pirata informático descubre que el mundo en el que vive es una simulación creada por máquinas.',
      ),
    },
  },
  {
    id: 13,
    extdb_id: 'tt0109830',
    original_language: 'en',
    original_title: 'Forrest Gump',
    release_date: '1994-06-23',
    budget: 55_000_000,
    revenue: 677_387_716,
    runtime: 142,
    genres: ['Comedy', 'Drama', 'Romance'],
    homepage: 'https://www.paramountmovies.com/movies/forrest-gump',
    companies: [
      [4, 'Paramount Pictures', 'US'],
      [21920, 'The Steve Tisch Company', 'US'],
    ],
    countries: ['US'],
    languages: ['en'],
    vote_average: 8.474,
    vote_count: 27040,
    cast: ['Tom Hanks', 'Robin Wright', 'Gary Sinise', 'Sally Field'],
    texts: {
      en: t(
        'Forrest Gump',
        "The world will never be the same once you've seen it through the eyes of Forrest Gump.",
        'A man with a low IQ witnesses and unwittingly influences several defining events of 20th-century America.',
      ),
      de: t(
        'Forrest Gump',
        'Die Welt wird nie mehr dieselbe sein.',
        'Ein einfacher Mann aus Alabama erlebt und beeinflusst unbeabsichtigt die großen Ereignisse der amerikanischen Geschichte.',
      ),
      fr: t(
        'Forrest Gump',
        'Le monde ne sera plus jamais le même.',
        'Un homme simple d’esprit traverse et influence sans le vouloir les grands moments de l’histoire américaine.',
      ),
      es: t(
        'Forrest Gump',
        'El mundo nunca volverá a ser el mismo.',
        'Un hombre sencillo de Alabama presencia e influye sin querer en grandes momentos de la historia estadounidense.',
      ),
    },
  },
  {
    id: 155,
    extdb_id: 'tt0468569',
    original_language: 'en',
    original_title: 'The Dark Knight',
    release_date: '2008-07-16',
    budget: 185_000_000,
    revenue: 1_004_558_444,
    runtime: 152,
    genres: ['Drama', 'Action', 'Crime', 'Thriller'],
    homepage: 'https://www.warnerbros.com/movies/dark-knight/',
    collection: { id: 263, name: 'The Dark Knight Collection' },
    companies: [
      [923, 'Legendary Pictures', 'US'],
      [9996, 'Syncopy', 'GB'],
      [174, 'Warner Bros. Pictures', 'US'],
    ],
    countries: ['GB', 'US'],
    languages: ['en'],
    vote_average: 8.516,
    vote_count: 31500,
    cast: ['Christian Bale', 'Heath Ledger', 'Aaron Eckhart', 'Michael Caine', 'Gary Oldman'],
    texts: {
      en: t(
        'The Dark Knight',
        'Welcome to a world without rules.',
        'Batman raises the stakes in his war on crime and must face a criminal mastermind known as the Joker.',
      ),
      de: t(
        'The Dark Knight',
        'Willkommen in einer Welt ohne Regeln.',
        'Batman nimmt den Kampf gegen das organisierte Verbrechen auf und trifft auf den Joker.',
      ),
      fr: t(
        'The Dark Knight : Le Chevalier noir',
        'Bienvenue dans un monde sans règles.',
        'Batman intensifie sa guerre contre le crime et affronte un génie criminel, le Joker.',
      ),
      es: t(
        'El caballero oscuro',
        'Bienvenido a un mundo sin reglas.',
        'Batman redobla su lucha contra el crimen y se enfrenta a un genio criminal conocido como el Joker.',
      ),
    },
  },
  {
    id: 27205,
    extdb_id: 'tt1375666',
    original_language: 'en',
    original_title: 'Inception',
    release_date: '2010-07-15',
    budget: 160_000_000,
    revenue: 825_532_764,
    runtime: 148,
    genres: ['Action', 'Science Fiction', 'Adventure'],
    homepage: 'https://www.warnerbros.com/movies/inception',
    companies: [
      [923, 'Legendary Pictures', 'US'],
      [9996, 'Syncopy', 'GB'],
    ],
    countries: ['GB', 'US'],
    languages: ['en', 'fr', 'ja'],
    vote_average: 8.369,
    vote_count: 35600,
    cast: ['Leonardo DiCaprio', 'Joseph Gordon-Levitt', 'Elliot Page', 'Tom Hardy'],
    texts: {
      en: t(
        'Inception',
        'Your mind is the scene of the crime.',
        'Cobb, a skilled thief who steals secrets from deep within the subconscious during the dream state, is offered a chance at redemption.',
      ),
      de: t(
        'Inception',
        'Dein Verstand ist der Tatort.',
        'Ein Dieb, der Geheimnisse aus Träumen stiehlt, soll zum ersten Mal eine Idee einpflanzen.',
      ),
      fr: t(
        'Inception',
        'Votre esprit est le lieu du crime.',
        'Un voleur qui dérobe des secrets dans les rêves doit cette fois implanter une idée.',
      ),
      es: t(
        'Origen',
        'Tu mente es la escena del crimen.',
        'Un ladrón que roba secretos de los sueños debe, por primera vez, implantar una idea.',
      ),
    },
  },
  {
    id: 129,
    extdb_id: 'tt0245429',
    original_language: 'ja',
    original_title: '千と千尋の神隠し',
    release_date: '2001-07-20',
    budget: 19_000_000,
    revenue: 274_925_095,
    runtime: 125,
    genres: ['Animation', 'Family', 'Fantasy'],
    homepage: 'http://movies.disney.com/spirited-away',
    companies: [[10342, 'Studio Ghibli', 'JP']],
    countries: ['JP'],
    languages: ['ja'],
    vote_average: 8.537,
    vote_count: 16500,
    cast: ['Rumi Hiiragi', 'Miyu Irino', 'Mari Natsuki', 'Takashi Naito'],
    texts: {
      en: t(
        'Spirited Away',
        'The tunnel led Chihiro to a mysterious town...',
        'A young girl, Chihiro, becomes trapped in a strange new world of spirits and must find the courage to free her parents.',
      ),
      de: t(
        'Chihiros Reise ins Zauberland',
        'Der Tunnel führte Chihiro in eine geheimnisvolle Stadt ...',
        'Die zehnjährige Chihiro gerät in eine Welt der Geister und muss ihre verwandelten Eltern retten.',
      ),
      fr: t(
        'Le Voyage de Chihiro',
        'Le tunnel mena Chihiro vers une ville mystérieuse...',
        'Chihiro, dix ans, se retrouve dans un monde d’esprits et doit délivrer ses parents.',
      ),
      es: t(
        'El viaje de Chihiro',
        'El túnel llevó a Chihiro a un pueblo misterioso...',
        'Chihiro, de diez años, queda atrapada en un mundo de espíritus y debe liberar a sus padres.',
      ),
    },
  },
  {
    id: 194,
    extdb_id: 'tt0211915',
    original_language: 'fr',
    original_title: "Le Fabuleux Destin d'Amélie Poulain",
    release_date: '2001-04-25',
    budget: 10_000_000,
    revenue: 173_921_954,
    runtime: 122,
    genres: ['Comedy', 'Romance'],
    homepage: '',
    companies: [
      [54502, 'Claudie Ossard Productions', 'FR'],
      [83, 'UGC', 'FR'],
    ],
    countries: ['DE', 'FR'],
    languages: ['fr'],
    vote_average: 7.9,
    vote_count: 11000,
    cast: ['Audrey Tautou', 'Mathieu Kassovitz', 'Rufus', 'Yolande Moreau'],
    texts: {
      en: t(
        'Amélie',
        'One person can change your life forever.',
        'At a tiny Parisian café, the adorable yet painfully shy Amélie accidentally discovers a gift for helping others.',
      ),
      de: t(
        'Die fabelhafte Welt der Amélie',
        'Sie wird dein Leben verändern.',
        'Die schüchterne Kellnerin Amélie entdeckt in Paris ihre Gabe, anderen Menschen heimlich zu helfen.',
      ),
      fr: t(
        "Le Fabuleux Destin d'Amélie Poulain",
        'Elle va changer votre vie.',
        'Dans un café de Montmartre, la timide Amélie découvre qu’elle peut changer la vie des autres.',
      ),
      es: t('Amélie', 'Ella cambiará tu vida.', 'En un pequeño café de París, la tímida Amélie descubre su don para ayudar a los demás.'),
    },
  },
];
