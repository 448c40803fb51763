// Support tickets end to end (issue 3): a caregiver writes a ticket with two attachments, the super admin
// answers in turn, the caregiver answers back, the super admin solves it, the caregiver deletes it.
// Run once in English and once in Spanish, where no English UI text may show.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { png } from './images.mjs';
import { closeMenu, launchBrowser, newPage, openMenu, screenshot, toastSays } from './support.mjs';
import { pdf, sizeText } from './files.mjs';

const LOCALES = Object.fromEntries(
  ['en-US', 'es-ES'].map((lang) => [
    lang,
    JSON.parse(readFileSync(new URL(`../src/lib/i18n/locales/${lang}.json`, import.meta.url), 'utf8')),
  ]),
);

/** The UI text of a key in a language, with {{placeholders}} filled. */
function tr(lang, key, vars = {}) {
  const text = key.split('.').reduce((node, part) => node?.[part], LOCALES[lang]);
  if (typeof text !== 'string') throw new Error(`no text for ${key} in ${lang}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(vars[name]));
}

/** A 160 × 120 PNG, two bands of colour. */
const PNG = png(160, 120);

const PDF = pdf('Hearth test');

/** Button texts of the English UI that must not show in another language. */
const ENGLISH_ONLY_KEYS = [
  'tickets.detail.reply',
  'tickets.detail.solve',
  'tickets.filter.create',
  'tickets.filter.query',
  'tickets.filter.reset',
  'tickets.table.detail',
  'tickets.table.delete',
  'tickets.form.edit',
  'tickets.form.cancelEdit',
  'tickets.form.addFiles',
  'common.action.submit',
  'common.action.cancel',
  'common.action.close',
  'layout.help.entry',
  'files.preview.download',
];

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A signed-in page in `lang`: the language is stored before the app loads, as a chosen language is. */
async function signedIn(account, lang) {
  const session = await newPage(browser, { locale: lang });
  await session.context.addInitScript((language) => {
    // Only the app's own documents (a framed PDF is a blob: document without storage).
    if (globalThis.top === globalThis && globalThis.location.protocol.startsWith('http')) {
      globalThis.localStorage.setItem('hearth.language', language);
    }
  }, lang);
  const { page } = session;
  await page.goto('/login');
  await page.locator('#login-account').fill(account);
  await page.locator('#login-password').fill('Demo@2026x');
  await page.locator('#login-password').press('Enter');
  await page.waitForURL((url) => /dashboard$/.test(url.pathname));
  return session;
}

/** A button of a dialog's footer (the title bar has its own Close). */
function footerButton(dialog, name) {
  return dialog.locator('.bp6-dialog-footer').getByRole('button', { name, exact: true });
}

/** The close button of a dialog's title bar. */
function titleBarClose(dialog, lang) {
  return dialog.locator('.bp6-dialog-header').getByRole('button', { name: tr(lang, 'common.action.close'), exact: true });
}

function row(page, title) {
  return page.getByTestId('ticket-row').filter({ hasText: title });
}

/** Searches the list for a title (Enter in the title box searches). */
async function search(page, lang, title) {
  const box = page.getByRole('textbox', { name: tr(lang, 'tickets.filter.title') });
  await box.fill(title);
  await box.press('Enter');
}

/** Every visible button text on the page (dialogs included). */
async function buttonTexts(page) {
  return (await page.getByRole('button').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

async function assertNoEnglish(page, lang, where) {
  if (lang === 'en-US') return;
  const texts = new Set(await buttonTexts(page));
  const leaked = ENGLISH_ONLY_KEYS.map((k) => tr('en-US', k)).filter((english) => texts.has(english));
  assert.deepEqual(leaked, [], `English button texts in ${lang} on ${where}`);
}

/**
 * Opens an attachment's preview window from the detail dialog and checks it. The PDF is framed from a
 * blob: URL, which the server's Content-Security-Policy allows (frame-src 'self' blob:).
 */
async function checkPreview(t, page, lang, name, kind) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByTestId('attachments').getByRole('button', { name }).click(),
  ]);
  const errors = [];
  popup.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  popup.on('console', (msg) => msg.type() === 'error' && errors.push(`console: ${msg.text()}`));
  await popup.waitForURL(/\/[0-9a-f-]{36}\?preview=1$/);
  await popup.getByTestId('preview-name').getByText(name).waitFor();
  if (kind === 'image') {
    const img = popup.getByTestId('preview-image');
    await img.waitFor();
    assert.match(await img.getAttribute('src'), /^blob:/);
    assert.equal(await img.evaluate((el) => el.naturalWidth), 160, 'the PNG decodes');
  } else {
    const frame = popup.getByTestId('preview-pdf');
    const blocked = popup.getByText(tr(lang, 'files.preview.pdfBlocked'));
    await frame.or(blocked).first().waitFor();
    await popup.waitForTimeout(500); // a CSP refusal arrives after the frame is added
    assert.equal(await blocked.isVisible(), false, "the CSP must allow the PDF frame (frame-src 'self' blob:)");
    assert.match(await frame.getAttribute('src'), /^blob:/);
  }
  const [download] = await Promise.all([
    popup.waitForEvent('download'),
    popup.getByRole('button', { name: tr(lang, 'files.preview.download') }).click(),
  ]);
  assert.equal(download.suggestedFilename(), name);
  await screenshot(popup, `file-preview-${kind}-${lang}`);
  await assertNoEnglish(popup, lang, 'the file preview');
  assert.deepEqual(errors, [], 'the preview window logged errors');
  await popup.close();
}

/** What the people in the journey write, in their language. */
const WORDS = {
  'en-US': {
    title: 'Printer jam',
    content: 'The printer in room 2 jams on every page.',
    answer: 'Thank you, we are looking into it.',
    thanks: 'Thanks, it prints again.',
  },
  'es-ES': {
    title: 'Impresora atascada',
    content: 'La impresora de la habitación 2 se atasca en cada página.',
    answer: 'Gracias, lo estamos revisando.',
    thanks: 'Gracias, ya imprime de nuevo.',
  },
};

async function ticketJourney(t, lang) {
  const words = WORDS[lang];
  const title = `${words.title} ${Date.now()}`;
  const files = [
    { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
  ];
  const carer = await signedIn('caregiver_maple1', lang);
  const admin = await signedIn('superadmin', lang);
  const cp = carer.page;
  const ap = admin.page;
  try {
    // The caregiver opens Help from the header and creates a ticket with two attachments.
    await openMenu(cp);
    await cp.getByTestId('help-entry').click();
    await cp.waitForURL('**/help/support-ticket');
    await cp.getByRole('heading', { name: tr(lang, 'tickets.page.title') }).waitFor();
    await cp.getByRole('button', { name: tr(lang, 'tickets.filter.create') }).click();
    const form = cp.getByRole('dialog');
    await form.locator('#ticket-title').fill(title);
    await form.locator('#ticket-type').selectOption('BUG');
    await form.locator('#ticket-content').fill(words.content);
    await form.getByTestId('ticket-file-input').setInputFiles(files);
    const attached = form.getByTestId('attachments').locator('li');
    await attached.nth(1).waitFor();
    assert.deepEqual(
      (await attached.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim()),
      [`invoice.pdf ${sizeText(PDF.length, tr(lang, 'common.file.bytes'))}`, `photo.png ${sizeText(PNG.length, tr(lang, 'common.file.bytes'))}`],
    );
    await assertNoEnglish(cp, lang, 'the create dialog');
    await footerButton(form, tr(lang, 'common.action.submit')).click();
    await toastSays(cp, tr(lang, 'tickets.done.submitted'));
    await form.waitFor({ state: 'detached' });

    const mine = row(cp, title);
    await mine.waitFor();
    assert.equal(await mine.getByTestId('ticket-status').getAttribute('data-status'), 'SUBMITTED');
    assert.equal(await mine.getByTestId('ticket-type').innerText(), tr(lang, 'tickets.type.bug'));
    // Nobody has answered: it is the platform's turn, so the caregiver's indicator is green.
    assert.equal(await mine.getByTestId('reply-indicator').getAttribute('data-tone'), 'green');

    // Opened from the list, the ticket is locked until Edit; Cancel edit locks it again.
    await mine.getByRole('button', { name: title }).click();
    const view = cp.getByRole('dialog');
    assert.ok(await view.locator('#ticket-title').isDisabled());
    await footerButton(view, tr(lang, 'tickets.form.edit')).click();
    assert.ok(await view.locator('#ticket-title').isEnabled());
    await footerButton(view, tr(lang, 'tickets.form.cancelEdit')).click();
    assert.ok(await view.locator('#ticket-title').isDisabled());
    await footerButton(view, tr(lang, 'common.action.close')).click();
    await view.waitFor({ state: 'detached' });
    await assertNoEnglish(cp, lang, 'the ticket list');
    await screenshot(cp, `tickets-list-${lang}`);

    // The super admin finds it in the menu page, red (their turn), with no Delete.
    await openMenu(ap);
    await ap.getByRole('navigation', { name: tr(lang, 'layout.sidebar.navigation') }).getByRole('link', { name: tr(lang, 'menu.supportTicketManage') }).click();
    await ap.waitForURL('**/support-ticket-manage');
    await closeMenu(ap);
    await search(ap, lang, title);
    const theirs = row(ap, title);
    await theirs.waitFor();
    assert.equal(await theirs.getByTestId('reply-indicator').getAttribute('data-tone'), 'red');
    // The super admin sees which facility and who wrote it.
    assert.equal(await theirs.getByTestId('ticket-facility').textContent(), 'Maple House AFH');
    assert.equal(await theirs.getByTestId('ticket-creator').textContent(), 'Amina Njoroge');
    assert.equal(await theirs.getByRole('button', { name: tr(lang, 'tickets.table.delete') }).count(), 0);
    assert.equal(await ap.getByTestId('help-entry').count(), 0, 'no Help entry for the super admin');

    // Opening the detail makes it PROCESSING.
    await theirs.getByRole('button', { name: tr(lang, 'tickets.table.detail') }).click();
    const detail = ap.getByRole('dialog');
    await detail.getByTestId('detail-status').locator('[data-status="PROCESSING"]').waitFor();
    assert.equal(await detail.getByTestId('detail-facility').innerText(), 'Maple House AFH');
    assert.equal(await detail.getByTestId('detail-type').innerText(), tr(lang, 'tickets.type.bug'));
    assert.equal(await detail.getByTestId('attachments').locator('li').count(), 2);
    await checkPreview(t, ap, lang, 'photo.png', 'image');
    await checkPreview(t, ap, lang, 'invoice.pdf', 'pdf');
    await detail.getByTestId('reply-box').fill(words.answer);
    await footerButton(detail, tr(lang, 'tickets.detail.reply')).click();
    await toastSays(ap, tr(lang, 'tickets.done.replied'));
    await detail.getByText(tr(lang, 'tickets.detail.waitingForUser')).waitFor();
    assert.ok(await detail.getByTestId('reply-box').isDisabled());
    assert.ok(await footerButton(detail, tr(lang, 'tickets.detail.reply')).isDisabled());
    await assertNoEnglish(ap, lang, 'the detail dialog');
    await screenshot(ap, `tickets-detail-${lang}`);
    await footerButton(detail, tr(lang, 'common.action.cancel')).click();
    await detail.waitFor({ state: 'detached' });

    // Without a reload, the caregiver's list and Help badge show the new reply (they ask every 30 s).
    await mine.locator('[data-testid="reply-indicator"][data-tone="red"][data-icon="unread"]').waitFor({ timeout: 40_000 });
    await openMenu(cp); // on a phone, Help is in the menu drawer
    await cp.getByTestId('help-badge').getByText('1', { exact: true }).waitFor({ timeout: 40_000 });
    await closeMenu(cp);
    await screenshot(cp, `tickets-list-unread-${lang}`);
    assert.equal(await mine.getByTestId('ticket-status').getAttribute('data-status'), 'PROCESSING');
    await mine.getByRole('button', { name: tr(lang, 'tickets.table.detail') }).click();
    const cdetail = cp.getByRole('dialog');
    const latest = cdetail.getByTestId('chat-text').last();
    await latest.waitFor();
    assert.equal(await latest.innerText(), words.answer);
    assert.equal(await footerButton(cdetail, tr(lang, 'common.action.cancel')).count(), 0);
    assert.equal(await footerButton(cdetail, tr(lang, 'tickets.detail.solve')).count(), 0);
    await cdetail.getByTestId('reply-box').fill(words.thanks);
    await footerButton(cdetail, tr(lang, 'tickets.detail.reply')).click();
    await toastSays(cp, tr(lang, 'tickets.done.replied'));
    await cdetail.getByText(tr(lang, 'tickets.detail.waitingForSupport')).waitFor();
    await screenshot(cp, `tickets-reply-${lang}`);
    await titleBarClose(cdetail, lang).click();
    await cdetail.waitFor({ state: 'detached' });
    // Opening the ticket read its reply: the badge goes.
    await openMenu(cp);
    await cp.getByTestId('help-entry').waitFor();
    await cp.getByTestId('help-badge').waitFor({ state: 'detached' });
    await closeMenu(cp);
    assert.equal(await mine.getByTestId('reply-indicator').getAttribute('data-tone'), 'green');

    // The super admin sees the answer and solves the ticket; the reply box goes.
    await ap.getByRole('button', { name: tr(lang, 'tickets.filter.query') }).click();
    await theirs.locator('[data-testid="reply-indicator"][data-tone="red"]').waitFor();
    await theirs.getByRole('button', { name: tr(lang, 'tickets.table.detail') }).click();
    const solveDialog = ap.getByRole('dialog');
    const chat = solveDialog.getByTestId('chat-history').locator('li');
    await chat.nth(1).waitFor();
    assert.deepEqual(await chat.evaluateAll((items) => items.map((li) => li.getAttribute('data-open'))), ['false', 'true']);
    await footerButton(solveDialog, tr(lang, 'tickets.detail.solve')).click();
    await ap.getByRole('alertdialog').getByRole('button', { name: tr(lang, 'tickets.detail.solve') }).click();
    await toastSays(ap, tr(lang, 'tickets.done.solved'));
    await solveDialog.getByTestId('resolved-note').waitFor();
    assert.equal(await solveDialog.getByTestId('reply-box').count(), 0);
    assert.equal(await footerButton(solveDialog, tr(lang, 'tickets.detail.reply')).count(), 0);
    await footerButton(solveDialog, tr(lang, 'common.action.cancel')).click();
    await solveDialog.waitFor({ state: 'detached' });
    await theirs.locator('[data-testid="reply-indicator"][data-icon="resolved"][data-tone="green"]').waitFor();

    // The caregiver sees it resolved, with no reply box either.
    await cp.getByRole('button', { name: tr(lang, 'tickets.filter.query') }).click();
    await mine.locator('[data-testid="ticket-status"][data-status="RESOLVED"]').waitFor();
    await mine.getByRole('button', { name: tr(lang, 'tickets.table.detail') }).click();
    const done = cp.getByRole('dialog');
    await done.getByTestId('resolved-note').waitFor();
    assert.equal(await done.getByTestId('reply-box').count(), 0);
    await titleBarClose(done, lang).click();
    await done.waitFor({ state: 'detached' });

    // The caregiver deletes it: gone from their list, still in the platform's.
    await mine.getByRole('button', { name: tr(lang, 'tickets.table.delete') }).click();
    const confirm = cp.getByRole('alertdialog');
    assert.equal(await confirm.getByTestId('delete-confirm').innerText(), tr(lang, 'common.confirm.permanentDelete', { name: title }));
    await confirm.getByRole('button', { name: tr(lang, 'tickets.table.delete') }).click();
    await toastSays(cp, tr(lang, 'tickets.done.deleted'));
    await mine.waitFor({ state: 'detached' });
    await ap.getByRole('button', { name: tr(lang, 'tickets.filter.query') }).click();
    await ap.waitForTimeout(500);
    await theirs.waitFor();
    assert.equal(await theirs.getByTestId('ticket-status').getAttribute('data-status'), 'RESOLVED');
  } finally {
    await carer.context.close();
    await admin.context.close();
  }
  assert.deepEqual(carer.problems, [], 'the caregiver page logged errors');
  assert.deepEqual(admin.problems, [], 'the super admin page logged errors');
}

describe('Support tickets', () => {
  test('8. a caregiver and the super admin work a ticket from creation to deletion', (t) => ticketJourney(t, 'en-US'));
  test('9. the same in Spanish, with no English text', (t) => ticketJourney(t, 'es-ES'));
});
