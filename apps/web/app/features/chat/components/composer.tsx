import type { FormEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '@kunci/contracts/chat-constants';
import { useI18n } from '../../../lib/i18n.tsx';

/** Writing in a conversation: a text (Enter sends, Shift+Enter breaks the line) or an attached photo or video. */
export function Composer({
  sending,
  mediaError,
  onSend,
  onFile,
  onTyping,
}: {
  /** The name of the file being uploaded, if one is. */
  sending: string | null;
  mediaError: string;
  /** Resolves false when the text did not go: it is put back. */
  onSend: (body: string) => Promise<boolean>;
  onFile: (file: File) => void;
  onTyping: () => void;
}) {
  const { t } = useI18n();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('body') as HTMLTextAreaElement;
    const body = input.value.trim();
    if (!body) return;
    input.value = '';
    if (!(await onSend(body))) input.value = body;
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2 border-t border-gray-200 p-3">
      {sending ? (
        <p role="status" className="w-full text-sm text-gray-600">
          {t('chat.uploading', { name: sending })}
        </p>
      ) : null}
      {mediaError ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {mediaError}
        </p>
      ) : null}
      <label className="cursor-pointer rounded-full p-2 text-brand-700 hover:bg-gray-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
        <span className="sr-only">{t('chat.attach')}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12.5 12.5 21a5.5 5.5 0 0 1-7.8-7.8l9-9a3.7 3.7 0 0 1 5.2 5.2l-9 9a1.8 1.8 0 0 1-2.6-2.6l8.3-8.3" />
        </svg>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,video/mp4,video/webm,video/quicktime"
          className="sr-only"
          data-testid="chat-attach"
          disabled={Boolean(sending)}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <label htmlFor="chat-body" className="sr-only">
        {t('chat.write')}
      </label>
      <textarea
        id="chat-body"
        name="body"
        rows={1}
        maxLength={CHAT_MESSAGE_MAX}
        placeholder={t('chat.write')}
        className="flex-1 resize-none rounded-xl border border-gray-300 px-3 py-2"
        onInput={onTyping}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <button type="submit" className="rounded-full bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        {t('chat.send')}
      </button>
    </form>
  );
}
