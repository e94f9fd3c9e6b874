// How the server process runs: Node and V8 flags plus environment, shared by `npm start` and
// `npm run bench` so that the benchmark measures exactly what operators run.
//
// The relay allocates short-lived objects at a high rate; V8's defaults let the heap grow to
// several times its live size before collecting it, which doubles a gateway's memory under load
// for no gain in speed. Measured with `npm run bench` (one core, 50 connections):
//   --max-semi-space-size=6      young generation of 2 × 6 MB instead of 2 × 16 MB;
//   --heap-growing-percent=50    the old generation is collected once it grows 50 % past its
//                                live size (V8 picks up to 300 % on a fast machine);
//   MALLOC_ARENA_MAX=1           one malloc arena instead of 8 per core (the process is one
//                                event loop; V8's helper threads barely use malloc).
// Together: peak RSS under load 285 MB → under 150 MB at the same throughput (the gateway has
// grown since: ~155 MB). Measured again later (gateway alone, one core, 50 connections,
// alternating runs): a 4 MB semi-space saves ~10 MB but costs ~35 % of the throughput (objects
// of requests in flight are promoted and left to full GCs); growth capped at 30 % keeps the
// peak under 150 MB but costs ~15-20 % of the throughput and doubles the p99 under load; 8 MB
// semi-spaces gain nothing over 6.
//   --no-liftoff                 WebAssembly compiled by TurboFan at once, never by Liftoff first.
//                                undici parses upstream answers with llhttp compiled to wasm; by
//                                default V8 runs it in Liftoff's baseline code and recompiles its
//                                main function with TurboFan on a helper thread once it is hot,
//                                which takes ~44 MB of compiler memory for ~0.1 s just as the
//                                first requests run (RSS 110 → 140 MB at the first request);
//                                under load much of it is not given back. With the flag that one
//                                compile happens during the first upstream answer (~0.12 s once),
//                                on the main thread, and its memory is returned at once. Side by
//                                side on one core, roles swapped: peak RSS 158-161 → 142-143 MB,
//                                non-stream throughput +3 to +4 %.
//   --no-allocation-site-pretenuring
//                                V8 never decides to allocate an object type straight in the
//                                old generation because most of its first instances survived.
//                                At start-up (modules loading, the first requests waiting for
//                                their code to compile) some of the relay's per-request objects
//                                survive, and in about half the runs V8 pretenured their
//                                allocation sites for the life of the process. Those objects
//                                then die in the old generation and hold everything they point
//                                to alive through every young collection until the next full
//                                one: promotion tripled (~145 → ~540 KB per scavenge), full
//                                collections doubled (12 → 29 per 8 s), throughput fell by
//                                10-20 % and the p99 under load rose by half, for the whole
//                                run. Measured on one core, 50 connections, 8 s runs: without
//                                the flag non-stream runs were bimodal (14.3-16.9k RPS), with it
//                                8 of 8 in the good mode; stream 10.3-10.8k → 11.8-12.8k RPS,
//                                p99 31 → 18 ms. Peak RSS unchanged.
// Source maps are off by default (they hold the map of the bundle in memory); set NODE_OPTIONS
// to `--enable-source-maps` for stack traces in TypeScript terms.

import { execFileSync } from 'node:child_process';

const tuning = [
  '--max-semi-space-size=6',
  '--heap-growing-percent=50',
  '--no-liftoff',
  '--no-allocation-site-pretenuring',
];

/** The V8 flags this Node knows (a newer V8 may drop one; Node would refuse to start then). */
const v8Options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });

/** A flag's name as `--v8-options` lists it: `--no-liftoff` → `--liftoff`, no `=value`. */
const flagName = (flag) => flag.replace(/^--no-/, '--').replace(/=.*$/, '');

/** Flags for `node` when it runs `server/dist/main.js`. */
export const serverNodeFlags = tuning.filter((flag) => v8Options.includes(`${flagName(flag)} (`));

/** The environment of the server process: the caller's, with the allocator limit defaulted. */
export const serverEnv = (env = process.env) => ({ MALLOC_ARENA_MAX: '1', ...env });
