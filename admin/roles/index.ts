/** «Роли»'s screens, one chunk: the list, the create and the edit screens. */
export { RoleList } from './RoleList.js';
export { RoleCreate, RoleEdit } from './RoleScreens.js';
