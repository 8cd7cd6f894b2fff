import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorsOf } from '../../admin/common/rules.js';
import { isUpload, RESOURCES, verbsPathOf, type Field, type ResourceDescriptor } from '../../lib/resources/index.js';
import { userWithToken } from '../helpers/auth.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * The admin's forms refuse what the server refuses, for every declared field of every resource of the registry:
 * each value below is refused by the field's admin validators and by the resource's add route (400 naming the
 * field), and a value at the limit passes the admin validators. A missing or oversized file is checked on the
 * admin side only (the server's own upload tests send them). A new resource is covered by being registered.
 */

interface Refusal {
  what: string;
  value: unknown;
  /** Checked by the admin only (the server reads a file's size while it streams the whole upload). */
  adminOnly?: boolean;
}

/** A file as react-admin's file inputs hold a newly chosen one. */
const chosen = (file: File) => ({ rawFile: file, src: 'blob:x', title: file.name });

/** A file claiming `size` bytes without holding them. */
function fileOfSize(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const pad = (prefix: string, length: number, filler = 'a') => prefix + filler.repeat(Math.max(0, length - prefix.length));

/** An address of exactly `length` characters: a path for a field of site paths only, else on the field's first allowed host. */
const urlOfLength = (field: Extract<Field, { kind: 'url' }>, length: number) =>
  pad(field.sitePath === 'only' ? '/' : `https://${field.hosts?.[0] ?? 'example.com'}/`, length);

/** The values both sides must refuse for a field (none for fields without a rule). */
function refusals(field: Field): Refusal[] {
  const required = 'required' in field && field.required === true ? [{ what: 'an empty required value', value: '' }] : [];
  switch (field.kind) {
    case 'text':
      return [
        ...required,
        { what: `${field.max + 1} characters`, value: 'я'.repeat(field.max + 1) },
        ...(field.pattern === 'identifier' ? [{ what: 'a bad identifier', value: 'Не так' }] : []),
        ...(field.pattern === 'icon' ? [{ what: 'a bad icon name', value: 'Bad icon!' }] : []),
      ];
    case 'slug':
      return [
        { what: `${field.max + 1} characters`, value: 'a'.repeat(field.max + 1) },
        { what: 'a bad slug', value: 'Не slug' },
      ];
    case 'url':
      return [
        ...required,
        { what: `${field.max + 1} characters`, value: urlOfLength(field, field.max + 1) },
        { what: 'not an address', value: 'javascript:alert(1)' },
        ...(field.hosts ? [{ what: 'a host not allowed', value: 'https://example.com/video' }] : []),
        ...(field.sitePath === 'only' ? [{ what: 'an address that is not a path', value: 'https://example.com/page' }] : []),
      ];
    case 'integer':
      return [
        ...required,
        { what: 'below the minimum', value: field.min - 1 },
        { what: 'above the maximum', value: field.max + 1 },
        { what: 'a fraction', value: field.min + 0.5 },
      ];
    case 'image':
    case 'files':
      return [
        ...(field.required ? [{ what: 'no file', value: undefined, adminOnly: true }] : []),
        { what: 'a file of another format', value: chosen(new File(['MZ not a picture nor a document'], 'program.exe')) },
        {
          what: `a file over ${field.maxBytes} bytes`,
          value: chosen(fileOfSize(`big.${field.formats[0] === 'jpeg' ? 'jpg' : field.formats[0]}`, field.maxBytes + 1)),
          adminOnly: true,
        },
      ];
    case 'html':
    case 'date':
    case 'choice':
    case 'reference':
      return required;
    default:
      return [];
  }
}

/** A value exactly at the field's limit, which the admin must accept. */
function atLimit(field: Field): unknown {
  switch (field.kind) {
    case 'text':
      return field.pattern ? 'a'.repeat(field.max) : 'я'.repeat(field.max);
    case 'slug':
      return 'a'.repeat(field.max);
    case 'url':
      return urlOfLength(field, field.max);
    case 'integer':
      return field.max;
    default:
      return undefined;
  }
}

/** What the admin's validators of a field say about a value: the first message, or undefined. */
async function adminSays(field: Field, value: unknown): Promise<unknown> {
  for (const validator of validatorsOf(field)) {
    const message: unknown = await validator(value, {}, {});
    if (message) return message;
  }
  return undefined;
}

/**
 * Where a resource's write goes: its add verb, the plain REST collection, or for a resource staff only update (its
 * records come from elsewhere) the update of a record, whose body is checked before the record is looked for.
 */
const writeOf = (resource: ResourceDescriptor): { method: 'POST' | 'PUT'; url: string } => {
  if (resource.api === 'update') return { method: 'PUT', url: `/api/admin/${resource.name}/1` };
  return { method: 'POST', url: resource.api === 'verbs' ? `${verbsPathOf(resource)}/add` : `/api/admin/${resource.name}` };
};

const isMultipart = (resource: ResourceDescriptor) => Object.values(resource.fields).some(isUpload);

let testApp: TestApp;
let authorization: string;

beforeAll(async () => {
  testApp = await createTestApp('sqlite');
  authorization = (await userWithToken(testApp.app, 'MANAGER')).headers.authorization;
});

afterAll(async () => {
  await testApp?.close();
});

/** The server's field errors for an add whose body holds only this field's value (JSON or multipart as declared). */
async function serverErrors(resource: ResourceDescriptor, name: string, value: unknown): Promise<{ status: number; errors: Record<string, unknown> }> {
  let payload: string | Buffer;
  let contentType: string;
  if (isMultipart(resource)) {
    const form = new FormData();
    const file = typeof value === 'object' && value !== null && 'rawFile' in value ? value.rawFile : null;
    if (file instanceof File) form.append(name, file, file.name);
    else form.append(name, String(value));
    const encoded = new Response(form);
    payload = Buffer.from(await encoded.arrayBuffer());
    contentType = encoded.headers.get('content-type') ?? '';
  } else {
    payload = JSON.stringify({ [name]: value });
    contentType = 'application/json';
  }
  const response = await testApp.app.inject({ ...writeOf(resource), headers: { authorization, 'content-type': contentType }, payload });
  const body = response.json<{ errors?: Record<string, unknown> }>();
  return { status: response.statusCode, errors: body.errors ?? {} };
}

const WRITABLE = RESOURCES.filter((resource) => resource.api !== 'read-only');

const checkedFields = (resource: ResourceDescriptor) => Object.entries(resource.fields).filter(([, field]) => refusals(field).length > 0);

describe('the admin refuses what the server refuses', () => {
  it('checks at least one field of every writable resource of the registry', () => {
    for (const resource of WRITABLE) expect(checkedFields(resource).length, resource.name).toBeGreaterThan(0);
  });

  for (const resource of WRITABLE) {
    describe(resource.name, () => {
      for (const [name, field] of checkedFields(resource)) {
        for (const { what, value, adminOnly } of refusals(field)) {
          it(`${name}: ${what}`, async () => {
            expect(await adminSays(field, value), 'admin').toBeTruthy();
            if (adminOnly) return;
            const server = await serverErrors(resource, name, value);
            // A file of a format the field does not take is 415 (unsupported media type); every other refusal 400.
            expect(server.status, 'server status').toBe(isUpload(field) ? 415 : 400);
            expect(server.errors[name], `server error on ${name}`).toBeTruthy();
          });
        }
        const limit = atLimit(field);
        if (limit !== undefined) {
          it(`${name}: a value at the limit passes the admin`, async () => {
            expect(await adminSays(field, limit)).toBeUndefined();
          });
        }
      }
    });
  }
});
