/** The demo content: what a fresh install shows, in Russian. Dates are days before the first start. */

import { CONSENT_PAGE } from '../../lib/enquiry.js';

export interface DemoArticle {
  title: string;
  slug?: string;
  lead: string;
  daysAgo: number;
}

/** The three fixed news articles whose addresses the site must serve, under exactly these slugs. */
export const FIXED_NEWS: DemoArticle[] = [
  {
    title: '«Смарт Горизонт» стал резидентом проекта «Сколково»',
    slug: 'smart-horizont-rezident-proekta-skolkovo',
    lead: 'Компания получила статус резидента инновационного центра «Сколково» в кластере информационных технологий.',
    daysAgo: 2,
  },
  {
    title: '«Смарт Горизонт», технологический оператор в составе ПАО «СТГ», получил статус аккредитованной ИТ-компании от Минцифры',
    slug: 'smart-horizont-technologicheskiy-operator-v-sostave-pao-stg-poluchil-status-akkreditovannoy-it-kompanii-on-mintsifry',
    lead: 'Министерство цифрового развития внесло компанию в реестр аккредитованных организаций в области информационных технологий.',
    daysAgo: 9,
  },
  {
    title: 'Совет директоров ПАО «СТГ» одобрил создание ИТ-компании в периметре группы',
    slug: 'sovet-direktorov-pao-stg-odobril-sozdaniye-it-kompanii-v-perimetre-gruppy',
    lead: 'Новая компания займётся цифровыми сервисами для клиентов и партнёров группы.',
    daysAgo: 16,
  },
];

export const MORE_NEWS: DemoArticle[] = [
  'Группа открыла новый офис обслуживания клиентов в Казани',
  'Итоги работы за третий квартал: рост портфеля на 18 %',
  'Запущено мобильное приложение для клиентов',
  'Компания вошла в рейтинг крупнейших финансовых организаций региона',
  'Подписано соглашение о сотрудничестве с региональным технопарком',
  'Сотрудники группы приняли участие в благотворительном забеге',
  'Обновлены условия программы лояльности',
  'Рейтинговое агентство подтвердило кредитный рейтинг компании',
  'Новый сервис онлайн-оценки залога доступен на сайте',
  'Компания провела день открытых дверей для студентов',
  'Запущена программа стажировок для молодых специалистов',
  'Годовое собрание акционеров утвердило дивиденды',
].map((title, index) => ({ title, lead: `${title}. Подробности — в материале.`, daysAgo: 20 + index * 11 }));

/** Published in the future: visible in the admin, hidden from visitors until its date. */
export const SCHEDULED_NEWS: DemoArticle = {
  title: 'Анонс: презентация стратегии развития на следующие пять лет',
  lead: 'Компания представит стратегию на открытой онлайн-встрече с инвесторами.',
  daysAgo: -14,
};

export const OWN_MEDIA: DemoArticle[] = [
  'Как устроена цифровая платформа группы',
  'Пять вопросов о залоговом кредитовании',
  'Интервью с генеральным директором',
  'Как мы оцениваем ювелирные изделия',
  'Технологии, которые меняют финансовый рынок',
  'История компании в десяти фотографиях',
  'Финансовая грамотность: памятка для клиентов',
  'Кибербезопасность: как мы защищаем данные',
  'Команда разработки: кто создаёт наши сервисы',
  'Отчёт об устойчивом развитии: главное',
  'Как работает служба поддержки',
].map((title, index) => ({ title, lead: `${title} — рассказываем подробно.`, daysAgo: 3 + index * 7 }));

export const SOURCES = [
  { name: 'РБК', url: 'https://www.rbc.ru', colour: '#1b5e20', active: 1 as const },
  { name: 'Коммерсантъ', url: 'https://www.kommersant.ru', colour: '#263238', active: 1 as const },
  { name: 'Ведомости', url: 'https://www.vedomosti.ru', colour: '#b71c1c', active: 1 as const },
  { name: 'Интерфакс', url: 'https://www.interfax.ru', colour: '#0d47a1', active: 1 as const },
  { name: 'Архивное издание', url: 'https://example.org', colour: '#757575', active: 0 as const },
];

export const PRESS = [
  'Технологический оператор СТГ получил аккредитацию Минцифры',
  'Рынок залогового кредитования: мнение экспертов',
  'СТГ создаёт ИТ-компанию в периметре группы',
  'Как финтех меняет ломбардный рынок',
  'Резиденты «Сколково» из финансового сектора',
  'Цифровизация микрофинансовых организаций',
  'Итоги года на рынке МФО',
  'Интервью руководителя ИТ-направления',
  'Новые правила для финансовых платформ',
  'Компании сектора инвестируют в технологии',
  'Лидеры рынка залоговых займов',
  'Ключевые события отрасли за месяц',
].map((title, index) => ({ title, daysAgo: 1 + index * 6, sourceIndex: index % 4 }));

export const VIDEOS = [
  { title: 'Презентация компании', fixed: true },
  { title: 'Как получить заём под залог', fixed: true },
  { title: 'Репортаж с открытия офиса', fixed: false },
  { title: 'Интервью на форуме «Финтех»', fixed: false },
  { title: 'Экскурсия по центру разработки', fixed: false },
  { title: 'Итоги года за три минуты', fixed: false },
  { title: 'Вебинар для инвесторов', fixed: false },
].map((video, index) => ({ ...video, daysAgo: 4 + index * 9, youtubeId: `demo${String(index + 1).padStart(7, '0')}` }));

/** The text pages of the demo; the contacts page shows the feedback form, whose consent text is a page too. */
export const TEXT_PAGES: { identifier: string; section: string | null; title: string; form?: 'enquiry'; content?: string }[] = [
  { identifier: 'informatsiya-dlya-aktsionerov', section: 'investoram', title: 'Информация для акционеров' },
  { identifier: 'raskrytie-informatsii', section: 'investoram', title: 'Раскрытие информации' },
  { identifier: 'finansovaya-otchetnost', section: 'investoram', title: 'Финансовая отчётность' },
  { identifier: 'o-kompanii', section: null, title: 'О компании' },
  { identifier: 'kontakty', section: null, title: 'Контакты', form: 'enquiry' },
  { identifier: 'politika-konfidentsialnosti', section: null, title: 'Политика конфиденциальности' },
  {
    identifier: CONSENT_PAGE,
    section: null,
    title: 'Согласие на обработку персональных данных',
    content: `<p>Отправляя форму обратной связи, я даю согласие на обработку моих персональных данных (имени, адреса электронной почты, номера телефона и текста обращения) в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных».</p>
<p>Цель обработки — ответ на моё обращение. Данные хранятся не дольше одного года и удаляются раньше по моему требованию, направленному в пресс-службу.</p>
<p>Это демонстрационный текст: его можно изменить в разделе администрирования; каждая редакция сохраняется.</p>`,
  },
];

interface DemoMenuItem {
  title: string;
  url: string;
  children?: DemoMenuItem[];
}

export const MENUS: Record<'main' | 'header' | 'footer' | 'payment', DemoMenuItem[]> = {
  main: [
    { title: 'О компании', url: '/o-kompanii' },
    { title: 'Новости', url: '/news' },
    {
      title: 'Медиа',
      url: '/media',
      children: [
        { title: 'Новости', url: '/media/nashi-novosti' },
        { title: 'СМИ о нас', url: '/media/smi-o-nas' },
        { title: 'Видео', url: '/media/video' },
        { title: 'Фотобанк', url: '/media/photobank' },
      ],
    },
    {
      title: 'Инвесторам',
      url: '/investoram',
      children: [
        { title: 'Информация для акционеров', url: '/investoram/informatsiya-dlya-aktsionerov' },
        { title: 'Раскрытие информации', url: '/investoram/raskrytie-informatsii' },
        { title: 'Финансовая отчётность', url: '/investoram/finansovaya-otchetnost' },
      ],
    },
    { title: 'Контакты', url: '/kontakty' },
  ],
  header: [
    { title: 'Новости', url: '/news' },
    { title: 'Медиа', url: '/media/nashi-novosti' },
    { title: 'Инвесторам', url: '/investoram' },
  ],
  footer: [
    { title: 'О компании', url: '/o-kompanii' },
    { title: 'Контакты', url: '/kontakty' },
    { title: 'Политика конфиденциальности', url: '/politika-konfidentsialnosti' },
  ],
  payment: [
    { title: 'Оплата картой', url: '/kontakty' },
    { title: 'Оплата через СБП', url: '/kontakty' },
  ],
};

export const NETWORKS = [
  { title: 'ВКонтакте', url: 'https://vk.com/', icon: 'vk' },
  { title: 'Telegram', url: 'https://t.me/', icon: 'telegram' },
  { title: 'Одноклассники', url: 'https://ok.ru/', icon: 'ok' },
  { title: 'Дзен', url: 'https://dzen.ru/', icon: 'dzen' },
];

export const LOGO_GROUPS = [
  {
    title: 'Логотипы',
    categories: [
      {
        title: 'Основной логотип',
        logos: [
          { title: 'Основной логотип', colour: '#0b5cad' },
          { title: 'Логотип на тёмном фоне', colour: '#ffffff' },
        ],
      },
      { title: 'Монохромные версии', logos: [{ title: 'Чёрный логотип', colour: '#111111' }] },
    ],
  },
];

export const COLOURS = [
  { title: 'Фирменный синий', hex: '#0B5CAD', rgb: '11, 92, 173', cmyk: '94, 47, 0, 32', pantone: '2945 C' },
  { title: 'Графит', hex: '#263238', rgb: '38, 50, 56', cmyk: '32, 11, 0, 78', pantone: '433 C' },
  { title: 'Светлый фон', hex: '#F2F5F8', rgb: '242, 245, 248', cmyk: '2, 1, 0, 3', pantone: '7541 C' },
];

export const PHOTO_GROUPS = [
  {
    title: 'Фотографии',
    categories: [
      { title: 'Офисы', photos: ['Офис в Москве', 'Зона обслуживания', 'Переговорная'] },
      { title: 'Команда', photos: ['Руководство компании', 'Команда разработки'] },
    ],
  },
];

export function demoHtml(title: string): string {
  return `<p>${title}. Это демонстрационный текст: его можно изменить в разделе администрирования.</p>
<h2>Главное</h2>
<ul><li>Компания развивает цифровые сервисы для клиентов.</li><li>Все операции проходят в защищённом контуре.</li></ul>
<p>Подробности можно узнать в пресс-службе.</p>`;
}
