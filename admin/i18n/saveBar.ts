/** The texts of the form's bottom bar beyond its saves: they come with the forms' code (`addScreenTexts`). */
export const saveBarMessages = {
  app: {
    save_bar: {
      save_live: 'Сохранить и опубликовать',
      more: 'Ещё действия',
      more_short: 'Ещё',
    },
  },
};
