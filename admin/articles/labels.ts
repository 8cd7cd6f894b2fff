/** Field labels shared by news and own media articles (the same record shape). */
export const articleFieldLabels = {
  id: 'ID',
  title: 'Заголовок',
  slug: 'Адрес (slug)',
  lead: 'Анонс',
  content: 'Текст',
  image: 'Изображение',
  image_alt: 'Описание изображения (alt)',
  public_at: 'Дата публикации',
  unpublish_at: 'Снять с публикации',
  published: 'Опубликовано',
  seo_title: 'SEO-заголовок',
  seo_description: 'SEO-описание',
  views: 'Просмотры',
  created_at: 'Создано',
  updated_at: 'Изменено',
  q: 'Поиск',
};
