/**
 * A generated Russian news corpus for the search benchmark. Word frequencies follow Zipf's law over a vocabulary of
 * 30,000 words, as in real texts: a few words occur in most items, most words in few. Real Russian words in several
 * forms sit at ranks from the most common to the rare, so that queries range from «компания» (in most items) to
 * «облигаций» (in a few hundred); the rest of the vocabulary is made of syllables.
 */

const REAL_WORDS = `компания компании компанией отчёт отчёты отчётов годовой годового акционер акционеры акционерам акционеров
  собрание собрания совет директоров дивиденды дивидендов выплата выплаты новость новости новостей завод заводы заводов
  производство производства продукция продукции рынок рынка рынке клиент клиенты клиентов банк банка банков кредит
  кредиты кредитов заём займа займы залог залога платформа платформы цифровой цифровая цифровых технология технологии
  технологий инвестиции инвестиций инвестор инвесторы инвесторам проект проекты проектов развитие развития стратегия
  стратегии офис офиса офисы регион региона регионов сотрудник сотрудники сотрудников партнёр партнёры партнёров
  соглашение соглашения подписание подписала открытие открыла запуск запустила выручка выручки прибыль прибыли рост
  роста снижение квартал квартала года году итоги итогов результаты результатов финансовые финансовых отчётность
  отчётности раскрытие раскрытия информация информации существенный существенного факт факта решение решения
  устойчивое устойчивого экология экологии энергия энергии сеть сети филиал филиала филиалов услуга услуги услуг
  обслуживание обслуживания приложение приложения мобильное мобильного рейтинг рейтинга агентство агентства премия
  премии награда награды конференция конференции форум форума выставка выставки интервью директор директора
  председатель председателя правление правления облигации облигаций выпуск выпуска размещение размещения биржа биржи`
  .split(/\s+/)
  .filter(Boolean);

const VOCABULARY_SIZE = 30_000;
const SYLLABLES = 'ба ве ги до жу зе ка ли мо ну по ре са ти фу ха цо че ша щу ар ен ист ов ск тр пр ст нд лк мр вл'.split(' ');

/** A small deterministic generator (mulberry32), so that every run indexes the same texts. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The vocabulary by rank: the real words spread geometrically from rank 3 to about 25,000, syllable words around them. */
function vocabulary(next: () => number): string[] {
  const words: string[] = [];
  const used = new Set<string>();
  while (words.length < VOCABULARY_SIZE) {
    const length = 2 + Math.floor(next() * 3);
    const word = Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join('');
    if (!used.has(word) && !REAL_WORDS.includes(word)) {
      used.add(word);
      words.push(word);
    }
  }
  REAL_WORDS.forEach((word, index) => words.splice(Math.round(3 * 1.04 ** index), 0, word));
  return words.slice(0, VOCABULARY_SIZE);
}

/** Draws words with Zipf's law (frequency ∝ 1 / rank). */
export function corpusWords(seed: number): (count: number) => string {
  const next = random(seed);
  const words = vocabulary(next);
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= words.length; rank++) cumulative.push((sum += 1 / rank));
  const draw = (): string => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return words[low] ?? 'компания';
  };
  return (count) => Array.from({ length: count }, draw).join(' ');
}
