// The bulk run's limits, apart from the file reader, so a page can show them without loading the
// CSV parser.

/** The most rows one run takes (the cap): more is refused before anything is sent. */
export const MAX_ROWS = 10_000;
