import { CATALOGUES, type MessageKey, type Translate } from '@kunci/i18n/messages';

/** One schema issue as fastify-type-provider-zod reports it: the zod issue code as keyword, its details as params. */
export interface SchemaIssue {
  keyword?: string;
  message?: string;
  params: Record<string, unknown>;
}

const isKey = (text: string | undefined): text is MessageKey => text !== undefined && text in CATALOGUES.en;
const numberOf = (value: unknown): number => (typeof value === 'bigint' ? Number(value) : typeof value === 'number' ? value : 0);

/**
 * A field message in the caller's language: the schema's own message when it names a catalogue entry,
 * otherwise one written for the zod issue code (zod's defaults are English only).
 */
export function fieldMessage(issue: SchemaIssue, t: Translate): string {
  if (isKey(issue.message)) return t(issue.message);
  const { params } = issue;
  const origin = params['origin'];
  switch (issue.keyword) {
    case 'invalid_type':
      // zod states the missing value only in its English text.
      if (issue.message?.endsWith('received undefined')) return t('field.required');
      return t('field.type', { expected: String(params['expected'] ?? '') });
    case 'too_small': {
      const minimum = numberOf(params['minimum']);
      if (origin === 'string') return minimum <= 1 ? t('field.required') : t('field.tooShort', { minimum });
      if (origin === 'array' || origin === 'set') return t('field.tooFew', { minimum });
      if (origin === 'number' || origin === 'bigint') return t('field.tooLow', { minimum, inclusive: String(params['inclusive'] !== false) });
      if (origin === 'date') return t('field.date');
      break;
    }
    case 'too_big': {
      const maximum = numberOf(params['maximum']);
      if (origin === 'string') return t('field.tooLong', { maximum });
      if (origin === 'array' || origin === 'set') return t('field.tooMany', { maximum });
      if (origin === 'number' || origin === 'bigint') return t('field.tooHigh', { maximum, inclusive: String(params['inclusive'] !== false) });
      if (origin === 'date') return t('field.date');
      break;
    }
    case 'invalid_format': {
      const format = String(params['format'] ?? '');
      if (format === 'email') return t('field.email');
      if (format === 'url') return t('field.url');
      if (format === 'datetime' || format === 'date' || format === 'time') return t('field.date');
      return t('field.format');
    }
    case 'invalid_value': {
      const values = Array.isArray(params['values']) ? params['values'].map(String) : [];
      return values.length ? t('field.oneOf', { values: values.join(', ') }) : t('field.invalid');
    }
    case 'not_multiple_of':
      return t('field.multipleOf', { divisor: numberOf(params['divisor']) });
    case 'unrecognized_keys':
      return t('field.unknownParameter');
  }
  return t('field.invalid');
}
