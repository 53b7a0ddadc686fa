/**
 * Node's flags for the production server (`npm start`, the benchmarks' server). A young generation of 32 MB per
 * semi-space (Node's default is smaller): a page made for a signed-in visitor allocates a few megabytes, and with the
 * default the scavenger ran several times per page and promoted what was still in use mid-page. Signed-in pages at 8
 * connections (PostgreSQL, 100,000 listings, three alternating rounds on 2 cores): results 88-109 -> 107-119 requests/s,
 * a listing 84-99 -> 97-105, home 114-127 -> 130-140; 64 MB was no better than the default.
 */
/*
 * Without allocation-site pretenuring: V8 had learnt (from the start-up's migrations and seeding, or a busy moment) to
 * allocate some sites' objects straight in the old generation, and under load most of what chat instances promoted
 * was short-lived: query builders, database and Redis replies (a sampling heap profile of objects that outlived the
 * young generation). The old generation filled with garbage in seconds, and a full collection on the sending instance
 * made the one late second of a run (delivery p99 of that second 236 ms). Chat benchmark, 10,000 sockets, 500
 * messages a second, two runs each: scavenge p50 on A 7.8-8.2 -> 6.7-6.9 ms, on B 19.2-19.4 -> 9.7-10.1 ms; GC pauses
 * in 40 s A 527-563 -> 374-386 ms, B 365-461 -> 191-204 ms; full collections while counting 0-2 -> 0; delivery p99
 * 37.2, 50.8 -> 35.0, 33.9 ms.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--no-allocation-site-pretenuring'];
