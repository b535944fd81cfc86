// The 1,000-club bench's targets (issue 36's acceptance), quoted by the README (server/readme-figures.test.ts checks).
export const HOSTING_TARGETS = {
  /** Clubs on the install, each holding the sample club's content. */
  clubs: 1000,
  /** Cached pages across clubs: at least this share of one club's requests per second. */
  pageRatio: 0.5,
  /** Signed-in pages across clubs: p99 under this. */
  signedInP99Ms: 100,
  /** Peak memory (node + PostgreSQL RSS) at most this many times one club's. */
  memoryRatio: 1.5,
};
