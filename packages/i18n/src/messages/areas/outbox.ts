import { defineArea } from './define.ts';

/** Strings of the outbox area (keys start with 'outbox.'): the development outbox page at /dev/outbox. */
export const outbox = defineArea({
  en: {
    'outbox.title': 'Development outbox',
    'outbox.subtitle': 'Messages sent while no real SMS or email provider is configured. Deployments with real providers do not have this page.',
    'outbox.to': 'Recipient (phone or email)',
    'outbox.show': 'Show messages',
    'outbox.empty': 'No messages for this recipient.',
    'outbox.sentAt': 'Sent {date}',
    'outbox.headers': 'Headers',
    'outbox.html': 'HTML part',
    'outbox.htmlFrame': 'HTML part of “{subject}”',
    'outbox.text': 'Plain text',
  },
  ms: {
    'outbox.title': 'Peti keluar pembangunan',
    'outbox.subtitle':
      'Mesej yang dihantar semasa tiada penyedia SMS atau e-mel sebenar dikonfigurasikan. Pemasangan dengan penyedia sebenar tidak mempunyai halaman ini.',
    'outbox.to': 'Penerima (telefon atau e-mel)',
    'outbox.show': 'Tunjukkan mesej',
    'outbox.empty': 'Tiada mesej untuk penerima ini.',
    'outbox.sentAt': 'Dihantar {date}',
    'outbox.headers': 'Pengepala',
    'outbox.html': 'Bahagian HTML',
    'outbox.htmlFrame': 'Bahagian HTML “{subject}”',
    'outbox.text': 'Teks biasa',
  },
  zh: {
    'outbox.title': '开发发件箱',
    'outbox.subtitle': '在未配置真实短信或电子邮件服务时发送的消息。配置了真实服务的部署没有此页面。',
    'outbox.to': '收件人（电话或电子邮件）',
    'outbox.show': '显示消息',
    'outbox.empty': '此收件人没有消息。',
    'outbox.sentAt': '发送于 {date}',
    'outbox.headers': '邮件头',
    'outbox.html': 'HTML 部分',
    'outbox.htmlFrame': '“{subject}”的 HTML 部分',
    'outbox.text': '纯文本',
  },
});
