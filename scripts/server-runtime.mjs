/**
 * How the compiled server is started (`npm start`, the benches; compose.yaml repeats it):
 * decision 082. V8 grows the old generation freely under load (heap 300 MB for a 70 MB live
 * set), and glibc keeps every thread's arena (password hashing runs in the libuv pool), so a
 * loaded server stood at 2.2-2.7x its idle RSS. A 192 MB old-space cap (2.5x the live set)
 * and two malloc arenas keep it at ~1.2x for a few % more GC time. The young generation's
 * semi-spaces are pinned at 16 MB (decision 353): Node 24.22's V8 left them small under a 192 MB
 * cap, and a payment's objects, promoted early, cost 3-6x the CPU in garbage collection.
 */
export const SERVER_NODE_ARGS = [
  "--enable-source-maps",
  "--max-old-space-size=192",
  "--max-semi-space-size=16",
];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };
