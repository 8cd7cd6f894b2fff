/**
 * The cookies of an admin session (docs/admin-api.md, Sessions), named once for the server that sets them and the
 * admin that reads them.
 */

/** The access token (a JWT), readable by the admin's scripts: they send it back as `Authorization: Bearer`. */
export const ACCESS_COOKIE = 'access_token';

/** The refresh token: HttpOnly, so the admin's scripts cannot tell whether it is there. */
export const REFRESH_COOKIE = 'refresh_token';

/**
 * A readable companion of the refresh cookie, with no secret in it (its value is `1`): the server sets and clears it
 * together with the refresh cookie, with the same lifetime, so the admin can tell whether there is a session to renew
 * at all and never asks for a refresh (a certain 401) without one.
 */
export const SESSION_MARKER_COOKIE = 'signed_in';
