/**
 * Loaded into the API process by bench/import-event-loop.ts (node --import): every 100 ms it appends
 * the longest event-loop delay of the last 100 ms (perf_hooks.monitorEventLoopDelay, ms) to
 * EVENT_LOOP_PROBE_FILE as a JSON line, so the benchmark can tell the server's own blocking from
 * the machine's scheduling (both show in the pings).
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.EVENT_LOOP_PROBE_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const timer = setInterval(() => {
    fs.appendFileSync(file, `${JSON.stringify({ t: Date.now(), max: Math.round((h.max / 1e6) * 10) / 10 })}\n`);
    h.reset();
  }, 100);
  timer.unref();
}
