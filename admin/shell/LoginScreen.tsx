import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { TwoFactorChallenge, type LoginParams } from '../../authProvider/index.js';
import { authMessages, authText } from '../i18n/auth.js';
import { TOAST_DURATION_MS } from '@lib/site.js';

const text = authMessages.auth;

/** MUI's «Lock» icon, drawn here so that the login screen needs no icon library. */
const LockIcon = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2m-6 9c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2m3.1-9H8.9V6c0-1.71 1.39-3.1 3.1-3.1s3.1 1.39 3.1 3.1z" />
  </svg>
);

/** An error toast at the top centre for 5000 ms, as react-admin's (which has not loaded yet on this screen). */
const Toast = ({ message, onClose }: { message: string; onClose: () => void }) => {
  useEffect(() => {
    const timer = setTimeout(onClose, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div className="admin-toast" role="alert">
      {message}
    </div>
  );
};

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  help?: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
}

const Field = ({ id, label, value, onChange, error, help, type = 'text', autoComplete, autoFocus }: FieldProps) => {
  const note = error ?? help;
  return (
    <div className={error ? 'admin-field admin-field--error' : 'admin-field'}>
      <label htmlFor={id}>{label} *</label>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note ? <p id={`${id}-note`}>{note}</p> : null}
    </div>
  );
};

export interface LoginScreenProps {
  /** Signs in with the password, or with the code of the second step; throws TwoFactorChallenge or the reason. */
  signIn: (params: LoginParams) => Promise<void>;
}

/**
 * The login screen at /admin: the password step, and for an account with two-factor sign-in the code
 * step («Код из приложения», or a recovery code) for the challenge the password step answered. Plain React and the
 * shell's CSS: it is the first screen of the admin and loads without react-admin and MUI.
 */
export const LoginScreen = ({ signIn }: LoginScreenProps) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});
  const [challenge, setChallenge] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Each failure gets its own toast (a new key), shown for the full time even when the text repeats.
  const [toast, setToast] = useState<{ key: number; message: string } | null>(null);
  const closeToast = useCallback(() => setToast(null), []);

  const attempt = async (params: LoginParams) => {
    setLoading(true);
    try {
      await signIn(params);
    } catch (error) {
      if (error instanceof TwoFactorChallenge) {
        setChallenge(error.challenge);
        return;
      }
      if (params.challenge !== undefined) setCode('');
      const message = authText(error instanceof Error ? error.message : 'app.auth.sign_in_error');
      setToast((shown) => ({ key: (shown?.key ?? 0) + 1, message }));
    } finally {
      setLoading(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const empty = { email: !email.trim(), password: !password };
    setMissing(empty);
    if (empty.email || empty.password) return;
    void attempt({ email: email.trim(), password });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || challenge === null) return;
    void attempt({ challenge, code: code.trim() });
  };

  return (
    <main className="admin-login">
      <div className="admin-login__card">
        <div className="admin-login__avatar">
          <LockIcon />
        </div>
        <h1>{text.login_title}</h1>
        {challenge === null ? (
          <form onSubmit={submitPassword} noValidate>
            <Field
              id="login-email"
              label={text.email}
              type="email"
              value={email}
              onChange={setEmail}
              autoComplete="username"
              error={missing.email ? text.required : undefined}
              autoFocus
            />
            <Field
              id="login-password"
              label={text.password}
              type="password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              error={missing.password ? text.required : undefined}
            />
            <button type="submit" className="admin-button" disabled={loading}>
              {loading ? <span className="admin-spinner" aria-label={authMessages.loading} /> : text.sign_in}
            </button>
          </form>
        ) : (
          <form onSubmit={submitCode} noValidate data-testid="two-factor-step">
            <p>{text.two_factor_prompt}</p>
            <Field id="login-code" label={text.code} value={code} onChange={setCode} autoComplete="one-time-code" help={text.code_help} autoFocus />
            <button type="submit" className="admin-button" disabled={loading}>
              {loading ? <span className="admin-spinner" aria-label={authMessages.loading} /> : text.confirm}
            </button>
            <button type="button" className="admin-button admin-button--text" disabled={loading} onClick={() => setChallenge(null)}>
              {text.back}
            </button>
          </form>
        )}
      </div>
      {toast ? <Toast key={toast.key} message={toast.message} onClose={closeToast} /> : null}
    </main>
  );
};
