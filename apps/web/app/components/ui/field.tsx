import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

type Labelled = { label: string; hint?: ReactNode; error?: string | undefined; id: string };

/** A control's label, hint and error, tied to it for screen readers: `control` gets the attributes that do it. */
function LabelledControl({
  label,
  hint,
  error,
  id,
  control,
}: Labelled & { control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode }) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {control({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
        className: `mt-1 block w-full rounded-lg border px-3 py-2.5 text-base focus:outline-none focus:ring-2 ${error ? 'border-red-600 focus:ring-red-200' : 'border-gray-300 focus:border-brand-600 focus:ring-brand-100'}`,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field({ label, hint, error, id, ...input }: InputHTMLAttributes<HTMLInputElement> & Labelled) {
  return <LabelledControl label={label} hint={hint} error={error} id={id} control={(tied) => <input {...tied} {...input} />} />;
}

/** A labelled multi-line text, with its hint and error tied to it like Field's. */
export function TextAreaField({ label, hint, error, id, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled) {
  return <LabelledControl label={label} hint={hint} error={error} id={id} control={(tied) => <textarea {...tied} {...textarea} />} />;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** A labelled select, with its error tied to it like Field's. */
export function SelectField({
  id,
  label,
  error,
  options,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: string;
  error?: string | undefined;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-gray-300'}`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** What a form's refusal says as a whole, above its fields. */
export function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

export function Button({
  children,
  variant = 'primary',
  className = '',
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'link' }) {
  const look =
    variant === 'primary'
      ? 'bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60'
      : variant === 'secondary'
        ? 'border border-gray-300 bg-white text-ink hover:bg-gray-50'
        : 'text-brand-700 underline-offset-2 hover:underline';
  const size = variant === 'link' ? 'p-0 text-sm' : 'w-full rounded-full px-5 py-3 font-medium';
  return (
    <button
      className={`${size} ${look} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
      {...props}
    >
      {children}
    </button>
  );
}
