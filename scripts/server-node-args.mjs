// The V8 flags the server runs with: `npm start`, the browser tests and the benchmarks all start it with these.
//
// --max-semi-space-size=64: a young generation of 64 MB per semi-space instead of V8's 16. A busy server keeps
// thousands of short-lived objects alive across a scavenge (every in-flight request and its reply), so a small
// young generation both scavenges very often and promotes those objects to the old generation, whose mark-compacts
// then stop the event loop for tens of milliseconds. Measured on the lobby at 200 connections (bench/casino): 218
// scavenges and 1.96 s of scavenge pauses in 32 s (longest 24 ms) with the default, 90 and 0.43 s with 64 MB, and
// the repeated-search mix went from 10.5k req/s p99 49 ms to 17.8k req/s p99 26 ms in the same hour. It costs
// up to 192 MB of address space (3 x 64 MB), of which only the pages in use are resident.
//
// A deployment that starts node itself should pass the same flags (or NODE_OPTIONS=--max-semi-space-size=64).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64'];
