/** The admin's timeout for every API request, 20 s. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** How much of a request body has gone up, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** One request as it goes on the wire. */
export interface TransportRequest {
  method: string;
  /** The full address: the client's origin and the path. */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Nothing, a text body (JSON), or a multipart form whose boundary the browser writes into the Content-Type. */
  body?: string | FormData;
  /** Milliseconds; 0 waits for ever. */
  timeout: number;
  /** Whether requests to another origin carry its cookies; requests to the page's own origin always do. */
  withCredentials: boolean;
  signal?: AbortSignal;
  /** Asked for by the forms that show an upload's percent (large files). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** The server's answer, whatever its status: the client decides which statuses are failures. */
export interface TransportResponse {
  status: number;
  headers: HeadersInit;
  body: string;
}

/**
 * Sends one request and answers the server's response. Throws when no response came: a network failure, a timeout
 * (a message containing "timeout"), a cancelled request.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** Messages of the failures without a response, worded as axios worded them; a timeout's names "timeout" (the timeout toast). */
const timeoutMessage = (timeout: number) => `timeout of ${timeout}ms exceeded`;
const NETWORK_FAILURE = 'Network Error';
const CANCELLED = 'canceled';

/** Response headers as XMLHttpRequest lists them ("name: value" lines), repeated names joined. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * The browser's transport, XMLHttpRequest: the one browser API with both a timeout and the upload's progress
 * events. Requests to the page's own origin carry its cookies (the session's refresh cookie among them).
 */
export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const fail = (message: string) => () => {
      request.signal?.removeEventListener('abort', abort);
      reject(new Error(message));
    };
    xhr.open(request.method, request.url);
    xhr.timeout = request.timeout;
    xhr.withCredentials = request.withCredentials;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.onload = () => {
      request.signal?.removeEventListener('abort', abort);
      resolve({ status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()), body: xhr.responseText });
    };
    xhr.onerror = fail(NETWORK_FAILURE);
    xhr.ontimeout = fail(timeoutMessage(request.timeout));
    xhr.onabort = fail(CANCELLED);
    const report = request.onUploadProgress;
    // Listening to the upload only when asked: the listener makes a request to another origin need a preflight.
    if (report) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) report({ loaded: event.loaded, total: event.total });
      };
    }
    request.signal?.addEventListener('abort', abort);
    xhr.send(request.body ?? null);
  });

/** A response as the client hands it over: `data` is the body read as JSON, or the text when it is not JSON. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  data: unknown;
}

/**
 * A request that failed: with the server's `response` for a status outside 2xx, without one when no answer came
 * (network failure, timeout, cancellation).
 */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface HttpRequest extends RequestOptions {
  method: string;
  /** A path under the client's origin. */
  url: string;
  /**
   * Nothing (no body and no Content-Type), a FormData (multipart), a string (sent as it is), or any other value,
   * sent as JSON.
   */
  body?: unknown;
}

export interface HttpClient {
  /** The origin the paths are under; empty for the page's own. */
  readonly baseURL: string;
  readonly transport: Transport;
  request(request: HttpRequest): Promise<HttpResponse>;
  get(url: string, options?: RequestOptions): Promise<HttpResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
}

export interface ClientOptions {
  /** Origin of the API; empty (the default) means the page's own origin. */
  baseURL?: string;
  /** The access token to send as `Authorization: Bearer …`, or nothing when there is none. */
  getToken?: () => string | undefined | Promise<string | undefined>;
  /** Defaults to REQUEST_TIMEOUT_MS. */
  timeout?: number;
  /** Whether requests to another origin carry its cookies; off by default. */
  withCredentials?: boolean;
  /** What sends the requests: XMLHttpRequest by default; tests answer in its place. */
  transport?: Transport;
  /** Turns every failure (a RequestError, or whatever else went wrong) into the error the caller throws. */
  toError?: (error: unknown) => Error;
}

function readBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The admin's HTTP client: the timeout, the Bearer token on every request, JSON bodies as application/json,
 * multipart forms with the browser's boundary, body-less requests without a Content-Type, and a RequestError for
 * every status outside 2xx and every request without an answer.
 */
export function createHttpClient(options: ClientOptions = {}): HttpClient {
  const baseURL = options.baseURL ?? '';
  const transport = options.transport ?? xhrTransport;
  const timeout = options.timeout ?? REQUEST_TIMEOUT_MS;

  const send = async (request: HttpRequest): Promise<HttpResponse> => {
    const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    const token = await options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: string | FormData | undefined;
    if (request.body === undefined || request.body === null || request.body instanceof FormData) {
      // The browser writes a form's Content-Type with its boundary; a request without a body has none.
      headers.delete('Content-Type');
      body = request.body ?? undefined;
    } else if (typeof request.body === 'string') {
      body = request.body;
    } else {
      body = JSON.stringify(request.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    if (request.signal?.aborted) throw new RequestError(CANCELLED);
    let answer: TransportResponse;
    try {
      answer = await transport({
        method: request.method.toUpperCase(),
        url: `${baseURL}${request.url}`,
        headers: Object.fromEntries(headers),
        body,
        timeout,
        withCredentials: options.withCredentials ?? false,
        signal: request.signal,
        onUploadProgress: request.onUploadProgress,
      });
    } catch (error) {
      throw new RequestError(error instanceof Error ? error.message : String(error));
    }
    const response: HttpResponse = { status: answer.status, headers: new Headers(answer.headers), body: answer.body, data: readBody(answer.body) };
    if (response.status < 200 || response.status >= 300) throw new RequestError(`Request failed with status code ${response.status}`, response);
    return response;
  };

  const request = async (description: HttpRequest): Promise<HttpResponse> => {
    try {
      return await send(description);
    } catch (error) {
      throw options.toError ? options.toError(error) : error;
    }
  };

  return {
    baseURL,
    transport,
    request,
    get: (url, rest) => request({ ...rest, method: 'GET', url }),
    post: (url, body, rest) => request({ ...rest, method: 'POST', url, body }),
    put: (url, body, rest) => request({ ...rest, method: 'PUT', url, body }),
  };
}
