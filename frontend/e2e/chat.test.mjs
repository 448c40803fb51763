// Chat in real time (issue 20): Elena (owner_evergreen, at Maple House with her e-mailed code) and Amina
// (caregiver_maple1) in two browsers at once. Amina writes to Elena; Elena's Message badge goes up on
// another page and the message shows in her open chat without a reload; opening the chat clears the badge;
// Elena's reply quotes it.
// Amina sends a picture and Elena sees its thumbnail and large preview; Amina recalls a message and it
// disappears on Elena's side. The demo's Spanish message from Amina shows Elena its English translation
// below the original (the demo caches one; cloud/feature/im's demo data). Then Amina makes a group, renames
// it, removes a member, writes while the network is down (the message waits and is sent once when it is
// back), forwards two messages merged, deletes one for herself and leaves. Every page is audited with axe.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { png } from './images.mjs';
import { closeMenu, launchBrowser, NARROW, newPage, openMenu, ownerSignsIn, screenshot, signIn, sidebarBadge, step } from './support.mjs';

const EN = JSON.parse(readFileSync(new URL('../src/features/chat/locales/en-US.json', import.meta.url), 'utf8'));

/** The English UI text of a chat key, with {{placeholders}} filled. */
function tr(key, vars = {}) {
  const text = key.split('.').reduce((node, part) => node?.[part], EN);
  if (typeof text !== 'string') throw new Error(`no text for ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(vars[name]));
}

const OWNER = 'Elena Martinez';
const CAREGIVER = 'Amina Njoroge';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens /message (a phone shows the list first) and the chat named `name` in it. */
async function openChat(page, name) {
  if (NARROW && (await page.getByTestId('chat-back').count()) > 0) await page.getByTestId('chat-back').click();
  const item = page.getByTestId('chat-item').filter({ has: page.locator('.hearth-chat-item-name', { hasText: name }) }).first();
  await item.click();
  const conversation = page.getByTestId('chat-conversation');
  await conversation.getByRole('heading', { name }).waitFor();
  return conversation;
}

/** The message bubble that says `text`. */
function bubble(page, text) {
  return page.getByTestId('chat-message').filter({ hasText: text });
}

/** The Message entry's badge as a number (0 without one). */
async function messageBadge(page) {
  const text = await sidebarBadge(page, 'Message');
  await closeMenu(page);
  return text === '' ? 0 : Number(text);
}

async function waitForBadge(page, expected) {
  await openMenu(page);
  const selector = 'nav a[data-menu-code="Message"]';
  await page.waitForFunction(
    ({ selector, expected }) => {
      const badge = globalThis.document.querySelector(`${selector} .hearth-nav-badge`);
      return (badge ? Number(badge.textContent.trim()) : 0) === expected;
    },
    { selector, expected },
  );
  await closeMenu(page);
}

describe('chat', () => {
  test('owner and caregiver chat in real time: message, badge, picture, recall, translation', async () => {
    const owner = await newPage(browser);
    const carer = await newPage(browser);
    try {
      const stamp = Date.now().toString(36);
      const hello = `Room 3 needs fresh towels (${stamp})`;
      const second = `Done, and Rosa had lunch (${stamp})`;

      await step('both sign in', async () => {
        await ownerSignsIn(owner.page);
        await signIn(carer.page, 'caregiver_maple1');
        await carer.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      });

      let before = 0;
      await step('Elena is on the dashboard; Amina opens her chat with Elena', async () => {
        await owner.page.goto('/dashboard');
        await owner.page.getByRole('navigation', { name: 'Main menu' }).or(owner.page.getByTestId('menu-button')).first().waitFor();
        // The count arrives once the socket is bound (GET /api/im/dashboard/): wait for the calls to settle.
        await owner.page.waitForLoadState('networkidle');
        before = await messageBadge(owner.page);
        await carer.page.goto('/message');
        await carer.page.getByTestId('chat-new').click();
        const dialog = carer.page.getByRole('dialog', { name: tr('chat.new.title') });
        await dialog.getByText(OWNER).click();
        await screenshot(carer.page, 'chat-new');
        await dialog.getByTestId('chat-new-start').click();
        await carer.page.getByTestId('chat-conversation').getByRole('heading', { name: OWNER }).waitFor();
      });

      await step('Amina writes; Elena’s Message badge goes up without a reload', async () => {
        await carer.page.getByTestId('chat-input').fill(hello);
        await carer.page.getByTestId('chat-send').click();
        const mine = bubble(carer.page, hello);
        await mine.waitFor();
        assert.equal(await mine.getAttribute('data-own'), 'true');
        await mine.getByTestId('chat-message-menu').waitFor(); // stored: its menu shows once the server has it
        await owner.page.evaluate(() => {
          globalThis.__sameDocument = true;
        });
        await waitForBadge(owner.page, before + 1);
      });

      await step('Elena opens the chat from the menu: the message is there and the badge clears', async () => {
        await openMenu(owner.page);
        await owner.page.locator('nav a[data-menu-code="Message"]').click();
        await owner.page.waitForURL('**/message');
        const item = owner.page.getByTestId('chat-item').filter({ hasText: CAREGIVER }).first();
        await item.getByTestId('chat-item-unread').waitFor();
        // The chat's unread count: the new message and any the demo left unread in it.
        const inChat = Number((await item.getByTestId('chat-item-unread').textContent()).trim());
        assert.ok(inChat >= 1, `${inChat} unread in the chat`);
        await screenshot(owner.page, 'chat-list');
        await openChat(owner.page, CAREGIVER);
        const theirs = bubble(owner.page, hello);
        await theirs.waitFor();
        assert.equal(await theirs.getAttribute('data-own'), 'false');
        await waitForBadge(owner.page, before + 1 - inChat).catch(async (err) => {
          throw new Error(`${err.message}: badge ${await sidebarBadge(owner.page, 'Message')}, expected ${before + 1 - inChat} (before ${before}, in chat ${inChat})`);
        });
      });

      await step('a message arrives in the open chat in real time', async () => {
        await carer.page.getByTestId('chat-input').fill(second);
        await carer.page.keyboard.press('Enter');
        await bubble(owner.page, second).waitFor();
        assert.equal(await owner.page.evaluate(() => globalThis.__sameDocument), true, 'no reload');
      });

      await step('Elena replies to the first message; Amina sees the reply with its quote', async () => {
        const reply = `On it (${stamp})`;
        await bubble(owner.page, hello).getByTestId('chat-message-menu').click();
        await owner.page.getByRole('menuitem', { name: tr('chat.action.reply') }).click();
        await owner.page.getByTestId('chat-replying').getByText(hello).waitFor();
        await owner.page.getByTestId('chat-input').fill(reply);
        await owner.page.keyboard.press('Enter');
        const theirs = bubble(carer.page, reply);
        await theirs.locator('.hearth-chat-quote', { hasText: hello }).waitFor();
        assert.equal(await theirs.getAttribute('data-own'), 'false');
      });

      await step('Amina sends a picture; Elena sees its thumbnail and the large preview', async () => {
        await carer.page.getByTestId('chat-file-input').setInputFiles({ name: `towels-${stamp}.png`, mimeType: 'image/png', buffer: png(640, 480) });
        const thumb = owner.page.getByTestId('chat-message').last().getByTestId('chat-thumb');
        await thumb.waitFor();
        await owner.page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await thumb.elementHandle());
        const size = await thumb.evaluate((el) => ({ w: el.naturalWidth, h: el.naturalHeight }));
        assert.ok(size.w <= 250 && size.h <= 150, `the thumbnail is ${size.w} × ${size.h}`);
        await thumb.click();
        const large = owner.page.getByTestId('chat-large');
        await large.waitFor();
        await owner.page.waitForFunction((el) => el.complete && el.naturalWidth > 250, await large.elementHandle());
        await screenshot(owner.page, 'chat-picture');
        await owner.page.keyboard.press('Escape');
        await large.waitFor({ state: 'detached' });
      });

      await step('Amina recalls her second message; it disappears for Elena', async () => {
        await bubble(carer.page, second).getByTestId('chat-message-menu').click();
        await carer.page.getByRole('menuitem', { name: tr('chat.action.recall') }).click();
        await carer.page.getByText(tr('chat.message.recalledByYou')).first().waitFor();
        await bubble(owner.page, second).waitFor({ state: 'detached' });
        await owner.page.getByText(tr('chat.message.recalledBy', { name: CAREGIVER })).first().waitFor();
        await bubble(owner.page, hello).first().waitFor(); // the first message stays (Elena's reply quotes it too)
        await screenshot(carer.page, 'chat-conversation');
      });

      await step('the demo’s Spanish message shows Elena its English translation below the original', async () => {
        const translated = owner.page.getByTestId('chat-message').filter({ has: owner.page.getByTestId('chat-translation') }).first();
        await translated.waitFor();
        const original = (await translated.locator('.hearth-chat-text').textContent()).trim();
        const translation = (await translated.getByTestId('chat-translation').locator('span[lang]').textContent()).trim();
        assert.ok(original && translation && original !== translation, `original "${original}", translation "${translation}"`);
        assert.match(original, /[áéíóúñ¿¡]|\b(el|la|los|las|de|está|por|para)\b/i, `the original stays in Spanish: "${original}"`);
        await translated.getByText(tr('chat.translate.label')).waitFor();
        await translated.scrollIntoViewIfNeeded();
        await screenshot(owner.page, 'chat-translation');
      });

      if (NARROW) {
        await step('on a phone, Back returns to the list', async () => {
          await owner.page.getByTestId('chat-back').click();
          await owner.page.getByTestId('chat-item').first().waitFor();
          assert.equal(await owner.page.getByTestId('chat-conversation').count(), 0);
        });
      }
    } finally {
      await owner.context.close();
      await carer.context.close();
    }
    assert.deepEqual(owner.problems, [], 'the owner’s page logged problems');
    assert.deepEqual(carer.problems, [], 'the caregiver’s page logged problems');
  });

  test('a group: made from contacts, renamed, a member removed, two messages forwarded merged, one deleted for me, left', async () => {
    const carer = await newPage(browser);
    const { page } = carer;
    try {
      const stamp = Date.now().toString(36);
      const group = `Night team ${stamp}`;
      await signIn(page, 'caregiver_maple1');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/message');

      await step('Amina makes a group with Wei and Grace', async () => {
        await page.getByTestId('chat-new').click();
        const dialog = page.getByRole('dialog', { name: tr('chat.new.title') });
        await dialog.getByText('Wei Chen').click();
        await dialog.getByText('Grace Kim').click();
        await page.locator('#chat-group-name').fill(group);
        await dialog.getByTestId('chat-new-start').click();
        await page.getByTestId('chat-conversation').getByRole('heading', { name: group }).waitFor();
        await page.getByTestId('chat-note').filter({ hasText: tr('chat.event.created', { actor: CAREGIVER }) }).waitFor();
      });

      await step('she writes twice, renames it and removes Grace; each change is a note in the chat', async () => {
        for (const text of [`Linen count done (${stamp})`, `Dryer 2 is broken (${stamp})`]) {
          await page.getByTestId('chat-input').fill(text);
          await page.keyboard.press('Enter');
          await bubble(page, text).getByTestId('chat-message-menu').waitFor();
        }
        await page.getByTestId('chat-settings').click();
        await page.getByRole('menuitem', { name: tr('chat.manage.rename') }).click();
        await page.locator('#chat-rename').fill(`${group} B`);
        await page.getByRole('button', { name: tr('chat.manage.save') }).click();
        await page.getByTestId('chat-conversation').getByRole('heading', { name: `${group} B` }).waitFor();
        await page.getByTestId('chat-note').filter({ hasText: tr('chat.event.renamed', { actor: CAREGIVER, name: `${group} B` }) }).waitFor();
        await page.getByTestId('chat-settings').click();
        await page.getByRole('menuitem', { name: tr('chat.manage.membersAction') }).click();
        const members = page.getByRole('dialog', { name: tr('chat.manage.members', { count: 3 }) });
        await members.waitFor();
        await screenshot(page, 'chat-members');
        await members.getByRole('button', { name: tr('chat.manage.remove', { name: 'Grace Kim' }) }).click();
        await page.getByTestId('chat-note').filter({ hasText: tr('chat.event.memberRemoved', { actor: CAREGIVER, members: 'Grace Kim' }) }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
        await page.getByText(tr('chat.manage.memberCount', { count: 2 })).waitFor();
      });

      await step('the network drops: a message waits ("Waiting to send") and is sent once when it is back', async () => {
        const text = `Written with no network (${stamp})`;
        await carer.context.setOffline(true);
        await page.getByTestId('chat-input').fill(text);
        await page.keyboard.press('Enter');
        await bubble(page, text).getByTestId('chat-waiting').waitFor();
        await screenshot(page, 'chat-waiting');
        await carer.context.setOffline(false);
        // Pushed again with its trackId once the network answers (the outbox retries within seconds).
        await bubble(page, text).getByTestId('chat-message-menu').waitFor({ timeout: 30_000 });
        await page.reload();
        await page.getByTestId('chat-conversation').getByRole('heading', { name: `${group} B` }).waitFor();
        await bubble(page, text).first().waitFor();
        assert.equal(await bubble(page, text).count(), 1, 'stored once');
        // The calls that failed while offline are the browser's own console lines, not the page's errors.
        carer.problems.splice(0, carer.problems.length, ...carer.problems.filter((p) => !/ERR_INTERNET_DISCONNECTED/.test(p)));
      });

      await step('she selects both messages and forwards them to Elena as one chat history', async () => {
        await bubble(page, 'Linen count done').getByTestId('chat-message-menu').click();
        await page.getByRole('menuitem', { name: tr('chat.action.select') }).click();
        await bubble(page, 'Dryer 2 is broken').locator('label.hearth-chat-select').click();
        assert.equal(await bubble(page, 'Dryer 2 is broken').getByRole('checkbox').isChecked(), true);
        const bar = page.getByRole('toolbar', { name: tr('chat.select.toolbar') });
        await bar.getByText(tr('chat.select.count', { count: 2, max: 30 })).waitFor();
        await bar.getByRole('button', { name: tr('chat.action.forward') }).click();
        const dialog = page.getByRole('dialog', { name: tr('chat.forward.title', { count: 2 }) });
        await dialog.getByText(tr('chat.forward.merge')).click();
        await dialog.getByText(OWNER).click();
        await screenshot(page, 'chat-forward');
        await dialog.getByRole('button', { name: tr('chat.action.forward') }).click();
        await dialog.waitFor({ state: 'detached' });
        const chat = await openChat(page, OWNER);
        const merged = chat.locator('.hearth-chat-merged').last();
        await merged.getByText(`${CAREGIVER}: Dryer 2 is broken (${stamp})`).waitFor();
        await merged.getByText(tr('chat.forward.count', { count: 2 })).waitFor();
      });

      await step('she deletes the history for herself and leaves the group', async () => {
        const forwarded = page.getByTestId('chat-message').filter({ has: page.locator('.hearth-chat-merged') }).last();
        const id = await forwarded.getAttribute('data-message-id');
        await forwarded.getByTestId('chat-message-menu').click();
        await page.getByRole('menuitem', { name: tr('chat.action.deleteForMe') }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: tr('chat.action.deleteForMe') }).click();
        await page.locator(`[data-message-id="${id}"]`).waitFor({ state: 'detached' });
        await openChat(page, `${group} B`);
        await page.getByTestId('chat-settings').click();
        await page.getByRole('menuitem', { name: tr('chat.manage.leave') }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: tr('chat.manage.leave') }).click();
        await page.getByTestId('chat-item').filter({ hasText: `${group} B` }).waitFor({ state: 'detached' });
      });
    } finally {
      await carer.context.close();
    }
    assert.deepEqual(carer.problems, [], 'the caregiver’s page logged problems');
  });
});
