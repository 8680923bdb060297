/** Largest value of a PostgreSQL integer column: ids, numbers and counters above it cannot exist. */
export const MAX_INT4 = 2_147_483_647;

/** Highest page a list may be asked for (100 rows a page: 10 million rows deep is already absurd). */
export const MAX_PAGE = 100_000;
