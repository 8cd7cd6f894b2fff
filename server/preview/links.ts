import { errors, jwtVerify, SignJWT } from 'jose';
import { resourceNamed, type ResourceName } from '../../lib/resources/index.js';
import type { PreviewLink } from '../../lib/revisions.js';

/** A preview link opens its page for an hour. */
export const PREVIEW_TTL_SECONDS = 60 * 60;
/** The query parameter of a preview link. */
export const PREVIEW_PARAM = 'preview';

export const PREVIEW_EXPIRED_MESSAGE = 'Срок действия ссылки предпросмотра истёк (она действует 1 час). Откройте предпросмотр из панели управления ещё раз.';
export const PREVIEW_INVALID_MESSAGE = 'Ссылка предпросмотра недействительна. Откройте предпросмотр из панели управления ещё раз.';

const ALGORITHM = 'HS256';
// Its own audience: a session token is no preview link, and a preview link is no session token.
const AUDIENCE = 'preview';

/** The record a preview link shows; `draft`: as its draft would publish it, not as it is live. */
export interface PreviewTarget {
  resource: ResourceName;
  id: number;
  draft?: true;
}

/** What a request's preview parameter says: the record it opens until when, or why it opens nothing. */
export type PreviewCheck = { target: PreviewTarget; expiresAt: string } | { refusal: string };

const keyOf = (secret: string) => new TextEncoder().encode(`preview:${secret}`);

/** A signed link to the record's public page, valid for an hour; `path` is where the record's page lives. */
export async function signPreviewLink(secret: string, target: PreviewTarget, path: string, ttlSeconds = PREVIEW_TTL_SECONDS): Promise<PreviewLink> {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = await new SignJWT({ resource: target.resource, id: target.id, ...(target.draft ? { draft: true } : {}) })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(keyOf(secret));
  return { url: `${path}?${PREVIEW_PARAM}=${token}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Checks a preview parameter: signature, algorithm, audience, expiry, and a resource that declares a preview. */
export async function checkPreviewToken(secret: string, token: unknown): Promise<PreviewCheck> {
  if (typeof token !== 'string' || token === '') return { refusal: PREVIEW_INVALID_MESSAGE };
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], audience: AUDIENCE, requiredClaims: ['exp'] });
    const resource = typeof payload.resource === 'string' ? resourceNamed(payload.resource) : undefined;
    if (!resource?.public?.page || !Number.isSafeInteger(payload.id) || typeof payload.exp !== 'number') return { refusal: PREVIEW_INVALID_MESSAGE };
    const target: PreviewTarget = {
      resource: resource.name as ResourceName,
      id: payload.id as number,
      ...(payload.draft === true ? { draft: true as const } : {}),
    };
    return { target, expiresAt: new Date(payload.exp * 1000).toISOString() };
  } catch (error) {
    return { refusal: error instanceof errors.JWTExpired ? PREVIEW_EXPIRED_MESSAGE : PREVIEW_INVALID_MESSAGE };
  }
}

/** The preview a page request asks for through its query, or null for an ordinary visit. */
export async function previewOfQuery(secret: string, query: unknown): Promise<PreviewCheck | null> {
  if (typeof query !== 'object' || query === null || !(PREVIEW_PARAM in query)) return null;
  return checkPreviewToken(secret, (query as Record<string, unknown>)[PREVIEW_PARAM]);
}

/** The decoded name of a query parameter (`a+b`, `%61`); a name that does not decode stays as written. */
function parameterName(part: string): string {
  const name = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * A request's address as the logs keep it: a preview link opens an unpublished record to whoever holds it for an
 * hour, so its token never reaches a log, however its parameter is spelt; only that a preview was asked for does.
 */
export function withoutPreviewToken(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const parts = url.slice(start + 1).split('&');
  if (!parts.some((part) => parameterName(part) === PREVIEW_PARAM)) return url;
  const kept = parts.map((part) => (parameterName(part) === PREVIEW_PARAM ? `${PREVIEW_PARAM}=[hidden]` : part));
  return `${url.slice(0, start)}?${kept.join('&')}`;
}
