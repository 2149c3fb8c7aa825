/**
 * The load generator in its own process (issue 15: figures with the load outside the server's
 * process). Reads one JSON job from argv, runs autocannon, prints one JSON result line.
 *
 *   node --import tsx bench/load-process.ts '{"url":"http://127.0.0.1:1234/api/...","token":"…","connections":10,"seconds":8}'
 */
import autocannon from 'autocannon';

/** `paths`: the requests' paths (with their query), taken in turn across the connections instead of `url`'s (cache-cold runs). */
/** `encoding`: the Accept-Encoding sent (identity unless a scenario measures what a browser gets: 'br, gzip'). */
interface Job { url: string; token: string; connections: number; seconds: number; paths?: string[]; encoding?: string }
const job = JSON.parse(process.argv[2] ?? '{}') as Job;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const latencies: number[] = [];
let next = 0;
const instance = autocannon({
  url: job.url, connections: job.connections, duration: job.seconds, timeout: 30,
  headers: { authorization: `Bearer ${job.token}`, 'accept-encoding': job.encoding ?? 'identity' },
  ...(job.paths?.length ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: job.paths![next++ % job.paths!.length] }) }] } : {}),
}, (err, result) => {
  if (err) throw err;
  latencies.sort((a, b) => a - b);
  process.stdout.write(`${JSON.stringify({
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99),
    rps: result.requests.total / (result.duration || job.seconds), requests: result.requests.total,
    non2xx: result.non2xx, errors: result.errors + result.timeouts,
  })}\n`);
});
instance.on('response', (_client, _status, _bytes, ms) => { latencies.push(ms); });
