import type { EditParts } from '../common/parts.js';
import { resetTwoFactorActions } from '../profile/ResetTwoFactorButton.js';
import { UserForm, withoutEmptyPassword } from './UserForm.js';

const parts: EditParts = {
  form: UserForm,
  transformEdit: withoutEmptyPassword,
  editActions: resetTwoFactorActions,
};

export default parts;
