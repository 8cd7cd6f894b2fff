/**
 * The texts of the enquiries' own screens beyond their fields' labels, loaded with those screens rather than with
 * the admin's frame (the entry keeps only what shows before a screen opens).
 */
export const ENQUIRY_TEXTS = {
  export: 'CSV для Excel',
  erase: 'Удалить данные заявителя',
  eraseHelp: 'Все обращения с этой почтой или телефоном будут удалены безвозвратно вместе с согласием. В журнале останется только их число.',
  erased: (count: number) => `Удалено обращений: ${count}`,
  email: 'Электронная почта',
  phone: 'Телефон',
  /** The visitor's message and the proof of their consent, read only. */
  details: [
    ['message', 'Сообщение'],
    ['consent_version', 'Редакция согласия'],
    ['consent_at', 'Согласие дано'],
    ['ip', 'IP-адрес'],
    ['user_agent', 'Браузер'],
  ],
} as const;
