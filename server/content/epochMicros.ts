/** Now, in microseconds since the epoch: the same clock on every thread (a worker's start read by the main thread). */
export const epochMicros = (): bigint => BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));
