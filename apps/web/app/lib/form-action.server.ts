import { data } from 'react-router';
import { ApiError, fieldErrors } from './api.ts';

/** A posted field as trimmed text ('' when it is missing). */
export type FormText = (name: string) => string;

/** A posted form, the `intent` its button named ('' when none) and its fields as trimmed text. */
export async function readForm(request: Request): Promise<{ form: FormData; intent: string; text: FormText }> {
  const form = await request.formData();
  return { form, intent: String(form.get('intent') ?? ''), text: (name) => String(form.get(name) ?? '').trim() };
}

/**
 * A route action that sends a posted form to the API: `send` reads the fields and makes the call, and what it returns
 * is the answer with `ok: true`. A refusal the API explains comes back as the form's error and its fields' errors, with
 * the API's status (or `status`, when the page answers every refusal with one); anything else is thrown.
 */
export async function submitForm<T extends object>(request: Request, send: (text: FormText) => Promise<T>, status?: number) {
  const { text } = await readForm(request);
  try {
    return { ok: true as const, ...(await send(text)) };
  } catch (error) {
    if (error instanceof ApiError && error.body)
      return data({ ok: false as const, error: error.body.message, fields: fieldErrors(error.body.fields) }, { status: status ?? error.status });
    throw error;
  }
}
