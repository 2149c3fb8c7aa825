import { az } from '@app/contract/texts/az';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../../shared/session/session-cookies';
import { forgetCachedUser } from '../../../shared/session/user-cache';
import { authKeys, currentUserQuery, describeSignInError, signIn, type SignInForm } from '../api';
import './login-page.css';

/** The root sends the user on to statistics, or to the first section they may open. */
const HOME = '/@next';
/** The e-mail check antd's form used (async-validator's `type: 'email'`). */
const EMAIL_PATTERN = /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+\.)+[a-zA-Z\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}))$/;

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

function readReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/@next') ? from : HOME;
}

/** The same rules as before: e-mail required and well formed, password required. */
function validate(values: SignInForm): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = az.auth.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = az.errors.invalidEmail;
  if (!values.password) errors.password = az.auth.passwordRequired;
  return errors;
}

const MailIcon = () => (
  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M3 5h18v14H3z M3 6l9 7 9-7" />
  </svg>
);
const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M5 11h14v10H5z M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
const EyeIcon = ({ open }: { open: boolean }) => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <path fill="none" stroke="currentColor" strokeWidth="2" d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
    <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    {!open && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
  </svg>
);
const ErrorIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="11" fill="currentColor" />
    <path stroke="#fff" strokeWidth="2.4" strokeLinecap="round" d="M8 8l8 8M16 8l-8 8" />
  </svg>
);

/**
 * The sign-in card (spec §9: 384 px wide). Plain elements and one small style sheet, no antd: the
 * login route loads no UI library (issue 15, a light first visit).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<SignInForm>({ email: '', password: '', rememberMe: false });
  // A field shows its error once it has been edited or a submit was tried (as antd's form did).
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, password: false });
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  // spec §2: the login screen clears the login cookies (and the cached user with them).
  useEffect(() => {
    clearSession();
    forgetCachedUser();
    queryClient.removeQueries({ queryKey: authKeys.all });
    document.title = `${az.auth.title} | ${az.app.brand}`;
  }, [queryClient]);

  const fieldErrors = validate(values);
  const shownError = (field: Field) => (touched[field] ? fieldErrors[field] : undefined);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setTouched({ email: true, password: true });
    if (fieldErrors.email || fieldErrors.password) {
      (fieldErrors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await signIn(values);
      await queryClient.fetchQuery(currentUserQuery);
      void navigate(readReturnPath(location.state), { replace: true });
    } catch (failure) {
      clearSession();
      setError(describeSignInError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const emailError = shownError('email');
  const passwordError = shownError('password');

  return (
    <main className="login">
      <section className="login__card" data-testid="login-card" aria-labelledby={`${id}-title`}>
        <header className="login__head">
          <h1 className="login__brand" id={`${id}-title`}>{az.app.brand}</h1>
          <p className="login__subtitle">{az.auth.title}</p>
        </header>
        {error && (
          <div className="login__alert" role="alert" data-testid="login-error">
            <ErrorIcon />
            <span>{error}</span>
          </div>
        )}
        <form className="login__form" noValidate onSubmit={(event) => void submit(event)}>
          <div className={`login__field${emailError ? ' login__field--error' : ''}`}>
            <label className="login__label" htmlFor={`${id}-email`}>{az.auth.email}</label>
            <span className="login__control">
              <MailIcon />
              <input
                ref={emailRef}
                id={`${id}-email`}
                name="email"
                type="text"
                inputMode="email"
                autoComplete="username"
                autoFocus
                value={values.email}
                onChange={(event) => change('email', event.target.value)}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
              />
            </span>
            {emailError && <div className="login__help" id={`${id}-email-error`}>{emailError}</div>}
          </div>
          <div className={`login__field${passwordError ? ' login__field--error' : ''}`}>
            <label className="login__label" htmlFor={`${id}-password`}>{az.auth.password}</label>
            <span className="login__control">
              <LockIcon />
              <input
                ref={passwordRef}
                id={`${id}-password`}
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => change('password', event.target.value)}
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={passwordError ? `${id}-password-error` : undefined}
              />
              {/* Like antd's Input.Password: an eye to show the text, out of the tab order. */}
              <button
                type="button"
                className="login__eye"
                tabIndex={-1}
                aria-pressed={showPassword}
                aria-label={showPassword ? 'eye' : 'eye-invisible'}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <EyeIcon open={showPassword} />
              </button>
            </span>
            {passwordError && <div className="login__help" id={`${id}-password-error`}>{passwordError}</div>}
          </div>
          <label className="login__check">
            <input
              type="checkbox"
              name="rememberMe"
              checked={values.rememberMe}
              onChange={(event) => setValues((current) => ({ ...current, rememberMe: event.target.checked }))}
            />
            <span>{az.auth.rememberMe}</span>
          </label>
          <button type="submit" className="login__submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting && <span className="login__spinner" aria-hidden="true" />}
            <span>{az.auth.submit}</span>
          </button>
        </form>
      </section>
    </main>
  );
}
