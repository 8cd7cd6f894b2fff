import { describe, expect, it } from 'vitest';
import { parseWrk } from '../../bench/loadGenerator.js';

const report = (p99: string, extra = '') => `Running 3s test @ http://127.0.0.1:4603/
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.69ms    4.76ms  52.76ms   93.92%
    Req/Sec    28.23k    12.55k   37.05k    80.00%
  Latency Distribution
     50%    1.43ms
     75%    1.94ms
     90%    5.07ms
     99%   ${p99}
  28120 requests in 1.00s, 27.14MB read
${extra}Requests/sec:  28059.95
Transfer/sec:     27.08MB
`;

describe('the site benchmark reads wrk’s report', () => {
  it('takes requests per second and the 99th percentile in milliseconds', () => {
    expect(parseWrk(report('29.49ms'))).toEqual({ rps: 28059.95, p99: 29.49, errors: 0 });
  });

  it('converts microseconds and seconds', () => {
    expect(parseWrk(report('850.00us')).p99).toBeCloseTo(0.85);
    expect(parseWrk(report('1.16s')).p99).toBeCloseTo(1160);
  });

  it('counts non-2xx answers and socket errors as errors', () => {
    const extra = '  Socket errors: connect 0, read 2, write 0, timeout 3\n  Non-2xx or 3xx responses: 4\n';
    expect(parseWrk(report('5.42ms', extra)).errors).toBe(9);
  });

  it('refuses a report without a result', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:9 Connection refused')).toThrow(/no result/);
  });
});
