import { data, type RouterContextProvider } from 'react-router';
import { ApiError, fieldErrors, serverApi } from './api.ts';
import { languageOf } from './i18n.tsx';
import { requireUser } from './session.server.ts';

/** A posted field as trimmed text ('' when it is missing). */
export type FormText = (name: string) => string;

/** A posted form, the `intent` its button named ('' when none) and its fields as trimmed text. */
export async function readForm(request: Request): Promise<{ form: FormData; intent: string; text: FormText }> {
  const form = await request.formData();
  return { form, intent: String(form.get('intent') ?? ''), text: (name) => String(form.get(name) ?? '').trim() };
}

/**
 * The posted form of a page only a signed-in person uses (a visitor is sent to sign in first): the page's
 * language, the person, the API as the person, and the form read as `readForm` reads it.
 */
export async function signedInForm(request: Request, context: Readonly<RouterContextProvider>) {
  const lang = languageOf(request);
  const user = requireUser(request, context, lang);
  return { lang, user, api: serverApi(context, lang), ...(await readForm(request)) };
}

/** A refusal the API explains as a form's answer, `{ ok: false, error }` with the API's message; anything else is thrown again. */
export function explainedRefusal(error: unknown) {
  if (error instanceof ApiError && error.body) return { ok: false as const, error: error.body.message };
  throw error;
}

/**
 * A refusal of the caller's own making (a 4xx the API explains) as a form's answer: `{ ok: false, error, fields }` with
 * the API's message and its fields' errors. A failure of the API's own (a 5xx), or anything else, is thrown again.
 */
export function clientRefusal(error: unknown) {
  if (error instanceof ApiError && error.body && error.status < 500)
    return { ok: false as const, error: error.body.message, fields: fieldErrors(error.body.fields) };
  throw error;
}

/** `explainedRefusal` answered with the API's status, with `extra` (such as which form it answers) beside the error. */
export function explainedRefusalWithStatus<E extends object = object>(error: unknown, extra: E = {} as E) {
  const refusal = explainedRefusal(error);
  return data({ ...extra, ...refusal }, { status: (error as ApiError).status });
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
