/**
 * Loaded into the API process by bench/declaration-exports.ts (node --import): every 100 ms it
 * appends the process's memory (process.memoryUsage(), MB) to MEMORY_PROBE_FILE as a JSON line, so
 * the benchmark can say where the peak went: JavaScript heap, external/ArrayBuffers or native.
 */
import fs from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    fs.appendFileSync(file, `${JSON.stringify({ t: Date.now(), rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) })}\n`);
  }, 100);
  timer.unref();
}
