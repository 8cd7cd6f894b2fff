/** Public reads from the browser (load more), with a timeout. Failures throw an Error whose message names the cause. */

export const CLIENT_REQUEST_TIMEOUT_MS = 20_000;

export async function getJson<T>(url: string, timeoutMs = CLIENT_REQUEST_TIMEOUT_MS): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`Request timeout after ${timeoutMs} ms`);
    throw error instanceof Error ? error : new Error(String(error));
  } finally {
    clearTimeout(timer);
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body ? String((body as { message: unknown }).message) : '';
    throw new Error(message || `HTTP ${response.status} ${response.statusText}`);
  }
  if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error('Malformed answer');
  return (body as { data: T }).data;
}
