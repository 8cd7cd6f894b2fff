import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CONSENT_PAGE, ENQUIRY_ACTION, ENQUIRY_LIMITS, HONEYPOT_FIELD, PHONE_PATTERN, type EnquiryForm, type EnquiryResult } from '@lib/enquiry.js';
import { maskPattern } from '@lib/masks.js';
import { refusalIn, sendEnquiry } from '../client/sendEnquiry.js';
import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';

type Errors = Record<string, string[]>;

/** A labelled input with its error under it. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string[]; children: React.ReactNode }) {
  return (
    <div className={`enquiry__field${error ? ' enquiry__field--invalid' : ''}`}>
      <label htmlFor={`enquiry-${id}`}>{label}</label>
      {children}
      {error && (
        <p className="enquiry__error" id={`enquiry-${id}-error`}>
          {error.join(' ')}
        </p>
      )}
    </div>
  );
}

/** The accessibility attributes of an input with or without an error. */
const invalid = (id: string, errors: Errors) => (errors[id] ? { 'aria-invalid': true, 'aria-describedby': `enquiry-${id}-error` } : {});

/**
 * The feedback form under a text page. Without JavaScript it posts itself and the page comes back with the result
 * (`result`); with it, it sends JSON, shows the server's errors by field and a progress state. The consent checkbox is
 * separate and unticked, and the form sends the version of the consent text it links to.
 */
export function EnquiryFormView({ form, result, back }: { form: EnquiryForm; result: EnquiryResult | null; back: string }) {
  const texts = useTexts().enquiry;
  const localized = useLocalizedPath();
  const [sent, setSent] = useState(result === 'sent');
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(result && result !== 'sent' ? texts.results[result] : null);
  const [phone, setPhone] = useState('');
  // The browser's own checks (in the browser's language) serve only a page without its script.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formElement.current) formElement.current.noValidate = true;
  });

  if (!form.consent) return null;
  const { consent } = form;

  if (sent) {
    return (
      <p className="enquiry__done" role="status" id="obratnaya-svyaz">
        {texts.results.sent}
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields: Record<string, unknown> = Object.fromEntries(new FormData(event.currentTarget));
    setSending(true);
    setNotice(null);
    const answer = await sendEnquiry({ ...fields, consent: fields.consent === 'on' }, texts);
    setSending(false);
    if (answer.ok) {
      setSent(true);
      return;
    }
    const refusal = refusalIn(texts, answer);
    setErrors(refusal.errors);
    setNotice(refusal.notice);
  };

  return (
    <form className="enquiry" id="obratnaya-svyaz" method="post" action={ENQUIRY_ACTION} ref={formElement} onSubmit={submit} aria-busy={sending}>
      <h2 className="enquiry__title">{texts.title}</h2>
      {notice && (
        <p className="enquiry__notice" role="alert">
          {notice}
        </p>
      )}
      <input type="hidden" name="token" value={form.token} />
      <input type="hidden" name="consent_version" value={consent.version} />
      <input type="hidden" name="locale" value={form.locale} />
      <input type="hidden" name="back" value={localized(back)} />
      <div className="enquiry__trap" aria-hidden="true">
        <label htmlFor={`enquiry-${HONEYPOT_FIELD}`}>{texts.trap}</label>
        <input id={`enquiry-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Field id="name" label={texts.name} error={errors.name}>
        <input id="enquiry-name" name="name" type="text" required maxLength={ENQUIRY_LIMITS.name} autoComplete="name" {...invalid('name', errors)} />
      </Field>
      <div className="enquiry__row">
        <Field id="email" label={texts.email} error={errors.email}>
          <input id="enquiry-email" name="email" type="email" maxLength={ENQUIRY_LIMITS.email} autoComplete="email" {...invalid('email', errors)} />
        </Field>
        <Field id="phone" label={texts.phone} error={errors.phone}>
          <input
            id="enquiry-phone"
            name="phone"
            type="tel"
            placeholder={PHONE_PATTERN.replace(/9/g, '_')}
            value={phone}
            onChange={(event) => setPhone(maskPattern(event.currentTarget.value, PHONE_PATTERN))}
            autoComplete="tel"
            {...invalid('phone', errors)}
          />
        </Field>
      </div>
      <p className="enquiry__hint">{texts.contactHint}</p>
      {form.topics.length > 0 && (
        <Field id="topic_id" label={texts.topic} error={errors.topic_id}>
          <select id="enquiry-topic_id" name="topic_id" {...invalid('topic_id', errors)}>
            {form.topics.map((topic) => (
              <option key={topic.id} value={topic.id}>
                {topic.title}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id="message" label={texts.message} error={errors.message}>
        <textarea id="enquiry-message" name="message" required rows={6} maxLength={ENQUIRY_LIMITS.message} {...invalid('message', errors)} />
      </Field>
      <div className={`enquiry__consent${errors.consent ? ' enquiry__field--invalid' : ''}`}>
        <input id="enquiry-consent" name="consent" type="checkbox" required {...invalid('consent', errors)} />
        <label htmlFor="enquiry-consent">
          {texts.consentBefore}{' '}
          <a href={localized(`/${CONSENT_PAGE}`)} target="_blank" rel="noopener">
            {texts.consentLink}
          </a>{' '}
          {texts.consentVersion}
          {consent.version})
        </label>
        {errors.consent && (
          <p className="enquiry__error" id="enquiry-consent-error">
            {errors.consent.join(' ')}
          </p>
        )}
      </div>
      <button className="button" type="submit" disabled={sending}>
        {sending ? texts.sending : texts.send}
      </button>
    </form>
  );
}
