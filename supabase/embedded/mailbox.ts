// The local mailbox: mails the auth service "sends" in local mode, kept in auth.mailbox, shown at
// /mailbox and printed as one log line each, so a developer can follow a reset link without SMTP.
import type { Database, Tx } from './database.ts';
import { escapeHtml } from './http.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export async function sendMail(tx: Tx, log: (line: string) => void, mail: Mail): Promise<void> {
  await tx.query('insert into auth.mailbox (recipient, subject, body) values ($1, $2, $3)', [mail.to, mail.subject, mail.text]);
  log(`mail to ${mail.to}: ${mail.subject} ${mail.link}`);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export async function renderMailbox(db: Database): Promise<string> {
  const mails = await db.run(
    async (tx) =>
      (
        await tx.query<{ recipient: string; subject: string; body: string; created_at: Date }>(
          'select recipient, subject, body, created_at from auth.mailbox order by id desc limit 200',
        )
      ).rows,
  );
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.recipient)} · ${escapeHtml(new Date(m.created_at).toISOString())}</p>
  <pre>${linkify(m.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:1rem 0}.meta{color:#555}pre{white-space:pre-wrap;word-break:break-all}</style>
</head>
<body>
<h1>Local mailbox</h1>
<p>Mails sent by the embedded backend in local mode, newest first.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}
