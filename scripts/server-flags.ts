/**
 * Node's flags for the production server (`npm start`, the benchmarks' server). A young generation of 32 MB per
 * semi-space (Node's default is smaller): a page made for a signed-in visitor allocates a few megabytes, and with the
 * default the scavenger ran several times per page and promoted what was still in use mid-page. Signed-in pages at 8
 * connections (PostgreSQL, 100,000 listings, three alternating rounds on 2 cores): results 88-109 -> 107-119 requests/s,
 * a listing 84-99 -> 97-105, home 114-127 -> 130-140; 64 MB was no better than the default.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
