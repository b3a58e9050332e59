// Small hand-written controls: the widget carries no component library.
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { AlertCircle, Check, Copy, LoaderCircle, Lock } from 'lucide-react';

export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'ghost' | 'danger'; loading?: boolean };

export function Button({ variant = 'primary', loading = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl px-4 text-base font-semibold transition-[filter,background-color] disabled:cursor-not-allowed disabled:opacity-60',
        variant === 'primary' && 'bg-brand text-brand-foreground hover:brightness-110 active:brightness-95',
        variant === 'secondary' && 'border border-line bg-panel text-fg hover:bg-muted',
        variant === 'ghost' && 'min-h-10 text-muted-fg hover:bg-muted hover:text-fg',
        variant === 'danger' && 'border border-danger/40 bg-danger-bg text-danger hover:brightness-105',
        className,
      )}
      {...rest}
    >
      {loading ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
      {children}
    </button>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-muted-fg">
      <LoaderCircle aria-hidden className="size-4 animate-spin" />
      {label}
    </span>
  );
}

/** A step's title: it takes focus when the step appears, so screen readers and keyboards start at the top. */
export function StepHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null); // Each step is the page's one h1.
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return (
    <div className="mb-4">
      <h1 ref={ref} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
        {children}
      </h1>
      {description ? <p className="mt-1 text-sm text-muted-fg">{description}</p> : null}
    </div>
  );
}

/** A step's form: Enter or its submit button runs `onSubmit`; the fields say themselves what is wrong (noValidate). */
export function StepForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-1 flex-col"
    >
      {children}
    </form>
  );
}

/** A step's buttons, at the bottom of the widget. */
export function StepActions({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx('mt-auto pt-6', className)}>{children}</div>;
}

/** The step's failure, if any, under its content. */
export function StepError({ error, tone = 'error' }: { error: string | null; tone?: 'error' | 'warn' }) {
  if (!error) return null;
  return (
    <div className="mt-4">
      <Notice tone={tone}>{error}</Notice>
    </div>
  );
}

interface FieldShellProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  locked?: boolean;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error, wired with ids so the error is read with the field. */
export function FieldShell({ label, error, hint, locked, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint || locked ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium">
        {label}
        {locked ? <Lock aria-hidden className="size-3.5 text-muted-fg" /> : null}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint || locked ? (
        <p id={hintId} className="text-xs text-muted-fg">
          {locked ? 'Set by the partner; it cannot be changed here.' : hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-sm text-danger">
          <AlertCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

export const inputClass =
  'block min-h-12 w-full rounded-xl border border-line bg-field px-3.5 text-base text-fg placeholder:text-muted-fg/70 focus:border-brand focus:outline-2 focus:outline-offset-0 focus:outline-brand aria-[invalid=true]:border-danger disabled:bg-muted disabled:text-muted-fg';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: ReactNode; error?: string | null; hint?: ReactNode; locked?: boolean };

export function TextField({ label, error, hint, locked, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} locked={locked}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          readOnly={locked || input.readOnly}
          className={cx(inputClass, (locked || input.readOnly) && 'bg-muted text-muted-fg', className)}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: ReactNode; error?: string | null; hint?: ReactNode; locked?: boolean };

export function SelectField({ label, error, hint, locked, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} locked={locked}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          disabled={locked || select.disabled}
          className={cx(inputClass, 'appearance-auto pr-8', className)}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** An error or notice in words; errors are announced as they appear. */
export function Notice({ tone = 'error', title, children }: { tone?: 'error' | 'info' | 'warn' | 'ok'; title?: ReactNode; children?: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'rounded-xl px-3.5 py-3 text-sm',
        tone === 'error' && 'bg-danger-bg text-danger',
        tone === 'info' && 'bg-muted text-fg',
        tone === 'warn' && 'bg-warn-bg text-warn-fg',
        tone === 'ok' && 'bg-ok-bg text-ok',
      )}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-0.5' : undefined}>{children}</div> : null}
    </div>
  );
}

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
      className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-medium hover:bg-muted"
    >
      {copied ? <Check aria-hidden className="size-4 text-ok" /> : <Copy aria-hidden className="size-4" />}
      <span>{copied ? 'Copied' : label}</span>
    </button>
  );
}

/** Label and value rows: the fee breakdown and summaries. */
export function Rows({ rows, className }: { rows: { label: ReactNode; value: ReactNode; strong?: boolean; hint?: ReactNode }[]; className?: string }) {
  return (
    <dl className={cx('space-y-2 text-sm', className)}>
      {rows.map((row, index) => (
        <div key={index} className={cx('flex items-baseline justify-between gap-3', row.strong && 'border-t border-line pt-2 font-semibold')}>
          <dt className={row.strong ? undefined : 'text-muted-fg'}>
            {row.label}
            {row.hint ? <span className="block text-xs font-normal text-muted-fg">{row.hint}</span> : null}
          </dt>
          <dd className="text-right tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
