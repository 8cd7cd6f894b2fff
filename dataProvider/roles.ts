import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { unwrap } from './apiClient.js';
import type { HttpClient } from './httpClient.js';
import { ADMIN_API } from './resources.js';
import type { ChangeAction } from './types.js';

type Changed = (resource: string, action: ChangeAction, records: RaRecord[]) => void;

const ROLES = `${ADMIN_API}/roles`;

/**
 * The roles (`/api/admin/roles`, plain REST answering every role at once: a handful, the built-in ones first): the
 * list is sorted and paged here; writes send the name (on create), the title and the rights.
 */
export function roleMethods(http: HttpClient, changed: Changed): DataProvider {
  const all = async (): Promise<RaRecord[]> => unwrap<RaRecord[]>((await http.get(ROLES)).data);
  const one = async (id: Identifier): Promise<RaRecord> => unwrap<RaRecord>((await http.get(`${ROLES}/${encodeURIComponent(String(id))}`)).data);
  const bodyOf = (data: Partial<RaRecord>, withName: boolean) => ({
    ...(withName ? { name: data.name as unknown } : {}),
    title: data.title as unknown,
    permissions: data.permissions as unknown,
  });
  const refuse = async (): Promise<never> => {
    throw new Error('Роли удаляются по одной.');
  };
  return {
    async getList(_resource, params) {
      const roles = await all();
      const page = params.pagination?.page ?? 1;
      const perPage = params.pagination?.perPage ?? roles.length;
      return { data: roles.slice((page - 1) * perPage, page * perPage) as never[], total: roles.length };
    },
    getOne: async (_resource, params) => ({ data: (await one(params.id)) as never }),
    async getMany(_resource, params) {
      const roles = await all();
      return { data: roles.filter((role) => params.ids.includes(role.id)) as never[] };
    },
    async getManyReference() {
      const roles = await all();
      return { data: roles as never[], total: roles.length };
    },
    async create(resource, params) {
      const data = unwrap<RaRecord>((await http.post(ROLES, bodyOf(params.data as Partial<RaRecord>, true))).data);
      changed(resource, 'create', [data]);
      return { data: data as never };
    },
    async update(resource, params) {
      const data = unwrap<RaRecord>(
        (await http.put(`${ROLES}/${encodeURIComponent(String(params.id))}`, bodyOf(params.data as Partial<RaRecord>, false))).data,
      );
      changed(resource, 'update', [data]);
      return { data: data as never };
    },
    updateMany: refuse,
    async delete(resource, params) {
      const data = unwrap<RaRecord>((await http.request({ method: 'DELETE', url: `${ROLES}/${encodeURIComponent(String(params.id))}` })).data);
      changed(resource, 'delete', [data]);
      return { data: data as never };
    },
    deleteMany: refuse,
  };
}
