// The AI service's floating buttons, speech translator, help assistant, marketing centre and /ai-config
// (issue 17). The journeys' server has no AI provider and no network, so the translator works as it does
// out of the box: English↔Spanish by apertium and speech by espeak-ng on the server
// (build/scripts/ensure-speech-deps.sh), and everything else says plainly that it needs an AI provider.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { computeSign } from '../src/lib/api/signing.js';
import {
  apiSignIn,
  BASE_URL,
  DEMO_PASSWORD,
  enterEmailedCode,
  NARROW,
  newPage,
  pagePerTest,
  screenshot,
  signIn,
  submitAccount,
} from './support.mjs';

const open = pagePerTest();

/** owner_evergreen signed in to Maple House (premium plan). */
async function premiumOwner(page) {
  await page.goto('/login');
  const since = Date.now();
  await submitAccount(page, 'owner_evergreen');
  await page.getByRole('button', { name: 'Maple House AFH' }).click();
  await enterEmailedCode(page, 'owner@evergreen.example', since);
  await page.waitForURL('**/dashboard');
}

/** Waits until the panel's audio element has loaded the spoken translation, and answers its length in seconds. */
async function audioLoaded(page) {
  const audio = page.getByTestId('translator-audio').last();
  await audio.waitFor();
  await page.waitForFunction(
    () => {
      const all = globalThis.document.querySelectorAll('[data-testid="translator-audio"]');
      const el = all[all.length - 1];
      return el && el.getAttribute('src')?.startsWith('blob:') && el.readyState >= 2 && el.duration > 0;
    },
    undefined,
    { timeout: 20_000 },
  );
  return audio.evaluate((el) => el.duration);
}

describe('AI service: translator, help assistant, marketing centre', () => {
  test('a premium owner translates typed English into Spanish and hears it; the limits and warnings read clearly', async () => {
    const page = await open();
    await premiumOwner(page);

    // The floating buttons of a premium plan, named and reachable by keyboard; none hides the page's end.
    const fab = page.getByTestId('floating-buttons');
    await fab.waitFor();
    for (const id of ['fab-translator', 'fab-help', 'fab-premium-marketing']) await page.getByTestId(id).waitFor();
    assert.equal(await page.getByTestId('fab-starter-marketing').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Speech translator' }).count(), 1);
    // They sit in the header bar (the banner landmark), over nothing of the page.
    assert.ok(await page.evaluate(() => Boolean(globalThis.document.querySelector('[data-testid="floating-buttons"]').closest('header'))), 'the launcher is in the header');
    await page.getByTestId('fab-translator').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('translator-panel');
    await panel.waitFor();

    // Nine languages (and auto-detect), nine voices on each side.
    const side1 = page.getByTestId('translator-side-1');
    assert.equal(await side1.locator('select').first().locator('option').count(), 10);
    assert.equal(await side1.locator('select').nth(1).locator('option').count(), 9);
    assert.equal(await side1.locator('select').first().inputValue(), 'ENGLISH');
    assert.equal(await page.getByTestId('translator-side-2').locator('select').first().inputValue(), 'SPANISH');

    // Text mode: 5000 characters at most, with the count shown.
    const text = page.getByTestId('translator-text');
    await text.fill('a'.repeat(5001));
    assert.equal(await page.getByTestId('translator-count').textContent(), '5001 / 5000 characters');
    await page.getByTestId('translator-send').click();
    await page.getByText('The text is too long: at most 5000 characters.').waitFor();

    // English → Spanish, offline: the original beside the translation, then spoken.
    await text.fill('Good morning. Are you in pain?');
    await page.getByTestId('translator-send').click();
    const turn = page.getByTestId('translator-turn').last();
    await turn.getByTestId('translator-translation').waitFor({ timeout: 20_000 });
    assert.equal(await turn.getByTestId('translator-original').textContent(), 'Good morning. Are you in pain?');
    const spanish = await turn.getByTestId('translator-translation').textContent();
    assert.match(spanish, /Buenos días/);
    assert.equal(await turn.getByTestId('translator-provider').getAttribute('data-provider'), 'offline');
    await turn.getByText('Translated offline (Apertium)').waitFor();
    const seconds = await audioLoaded(page);
    assert.ok(seconds > 0.5, `the spoken translation lasts ${seconds} s`);
    assert.equal(await turn.getByTestId('translator-speech-provider').getAttribute('data-provider'), 'offline');
    await screenshot(page, 'translator-text-mode');

    // Auto-detect: leaving it for a fixed language warns first (spec 001 §8).
    await side1.locator('select').first().selectOption('AUTO');
    await side1.locator('select').first().selectOption('SPANISH');
    await page.getByTestId('translator-auto-warning').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await side1.locator('select').first().inputValue(), 'AUTO');
    await side1.locator('select').first().selectOption('ENGLISH');
    await page.getByRole('button', { name: 'Switch language' }).click();
    assert.equal(await side1.locator('select').first().inputValue(), 'ENGLISH');

    // English → Tagalog has neither an offline translation nor an offline voice: said so, nothing made up.
    await page.getByTestId('translator-side-2').locator('select').first().selectOption('TAGALOG');
    await page.getByTestId('translator-needs-provider').waitFor();
    await text.fill('Do you need water?');
    await page.getByTestId('translator-send').click();
    const refused = page.getByTestId('translator-turn').last().getByTestId('translator-problem');
    await refused.waitFor({ timeout: 20_000 });
    assert.match(await refused.textContent(), /AI provider/i);
    assert.equal(await page.getByTestId('translator-turn').last().getByTestId('translator-translation').count(), 0);
    await page.getByRole('button', { name: 'Close' }).first().click();
    await panel.waitFor({ state: 'hidden' });

    // Languages are chosen once: opened again, the two people's buttons and their languages are all there is
    // to press (the settings folded away, no radio), and each button names its person.
    await page.getByTestId('fab-translator').click();
    await panel.waitFor();
    assert.equal(await page.getByTestId('translator-summary').locator('p').textContent(), 'Caregiver: English · Resident: Tagalog');
    assert.equal(await page.getByTestId('translator-side-1').count(), 0);
    assert.equal(await panel.locator('input[type="radio"]').count(), 0);
    assert.match(await page.getByTestId('translator-speak-1').textContent(), /Caregiver speaks/);
    assert.match(await page.getByTestId('translator-speak-2').textContent(), /Resident speaks/);
    const big = await page.getByTestId('translator-speak-1').boundingBox();
    assert.ok(big.height >= 64, `the speak button is ${big.height} px tall`);
    // Voices are named by language and sound.
    await page.getByTestId('translator-settings').click();
    const voices = await page.getByTestId('translator-side-2').locator('select').nth(1).locator('option').allTextContents();
    assert.ok(voices.every((v) => v.startsWith('Tagalog · ') && !/Alloy|Nova|Onyx/.test(v)), voices.join(', '));
    await screenshot(page, 'translator-remembered');
    await page.getByRole('button', { name: 'Close' }).first().click();
    await panel.waitFor({ state: 'hidden' });

    // The help assistant shows Hearth's own help with the screen to open (no provider here).
    await page.getByTestId('fab-help').click();
    await page.getByTestId('help-panel').waitFor();
    await page.getByTestId('help-question').fill('How do I approve a leave request?');
    await page.getByTestId('help-ask').click();
    const first = page.getByTestId('help-section').first();
    await first.waitFor();
    assert.equal(await first.getAttribute('data-section'), 'requests');
    await screenshot(page, 'help-assistant');
    await first.getByTestId('help-link').click();
    await page.waitForURL('**/staff-management?tab=requests');

    // Premium marketing: everything included, nothing to upgrade to.
    await page.getByTestId('fab-premium-marketing').click();
    await page.getByTestId('marketing-panel').waitFor();
    await page.getByTestId('marketing-top').waitFor();
    assert.equal(await page.getByTestId('marketing-next').count(), 0);
  });

  test('a caregiver reads the translator in Spanish, the server’s refusal too', async () => {
    const page = await open({ locale: 'es-ES' });
    await page.context().addInitScript(() => globalThis.localStorage.setItem('hearth.language', 'es-ES'));
    await page.goto('/login');
    await page.locator('#login-account').fill('caregiver_maple1');
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('#login-password').press('Enter');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Traductor de voz' }).click();
    await page.getByTestId('translator-panel').waitFor();
    const language = (n) => page.getByTestId(`translator-side-${n}`).locator('select').first();
    await language(1).selectOption('SPANISH');
    await language(2).selectOption('ENGLISH');
    assert.equal(await language(2).locator('option:checked').textContent(), 'Inglés');
    await page.getByTestId('translator-text').fill('Buenos días. ¿Tiene dolor?');
    await page.getByRole('button', { name: 'Traducir (cuidador)', exact: true }).click();
    const turn = page.getByTestId('translator-turn').last();
    await turn.getByTestId('translator-translation').waitFor({ timeout: 20_000 });
    assert.match(await turn.getByTestId('translator-translation').textContent(), /Good/i);
    await turn.getByText('Traducido sin conexión (Apertium)').waitFor();
    // Spanish → Tagalog needs a provider: said beforehand, and the server's refusal is in Spanish.
    await language(2).selectOption('TAGALOG');
    await page.getByText('Traducir entre estos idiomas requiere un proveedor de IA.', { exact: false }).waitFor();
    await page.getByTestId('translator-text').fill('¿Necesita agua?');
    await page.getByRole('button', { name: 'Traducir (cuidador)', exact: true }).click();
    const refused = page.getByTestId('translator-turn').last().getByTestId('translator-problem');
    await refused.waitFor({ timeout: 20_000 });
    assert.match(await refused.textContent(), /proveedor de IA/);
    assert.equal(await page.getByText('Speech translator').count(), 0, 'no English left');
    await screenshot(page, 'translator-spanish');
  });

  test('a free-plan owner sees the starter marketing centre and no translator', async () => {
    const page = await open();
    const since = Date.now();
    await signIn(page, 'owner_birch');
    await enterEmailedCode(page, 'owner@birch.example', since);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('fab-starter-marketing').waitFor();
    assert.equal(await page.getByTestId('fab-translator').count(), 0);
    assert.equal(await page.getByTestId('fab-help').count(), 0);
    await page.getByTestId('fab-starter-marketing').click();
    const next = page.getByTestId('marketing-next');
    await next.waitFor();
    await next.getByText('The live speech translator in nine languages').waitFor();
    assert.equal(await page.getByTestId('marketing-subscription').getAttribute('href'), '/my-subscription');
    await screenshot(page, 'starter-marketing');
  });

  test('the super admin sets up a provider in /ai-config: a bad address is refused, the key is never shown', async () => {
    const page = await open();
    await signIn(page, 'superadmin');
    await page.waitForURL('**/admin-dashboard');
    assert.equal(await page.getByTestId('floating-buttons').count(), 0, 'no floating buttons for the super admin');
    await page.goto('/ai-config');
    const translation = page.getByTestId('ai-provider-TRANSLATION');
    await translation.waitFor();
    await page.locator('#ai-TRANSLATION-baseUrl').fill('ftp://example');
    await page.getByTestId('ai-config-save').click();
    await page.getByText('Enter a web address starting with http:// or https://.').waitFor();
    // Nothing answers on this port: the test names the failure in words.
    await page.locator('#ai-TRANSLATION-baseUrl').fill('http://127.0.0.1:9/v1');
    await page.getByTestId('ai-key-TRANSLATION').fill('sk-test-1234');
    await page.getByTestId('ai-test-TRANSLATION').click();
    await page.getByTestId('ai-test-result-TRANSLATION').locator('.hearth-ai-problem').waitFor({ timeout: 30_000 });
    await page.locator('#ai-TRANSLATION-baseUrl').fill('');
    await page.getByTestId('ai-key-TRANSLATION').fill('');
    await page.locator('#ai-perMinute').fill('90');
    await page.getByTestId('ai-config-save').click();
    await page.getByText('AI configuration saved').first().waitFor();
    assert.equal(await page.locator('#ai-perMinute').inputValue(), '90');
    await screenshot(page, 'ai-config');
  });
});

// The recorded clip: Chromium hears a WAV file made by espeak-ng as its microphone. Without an AI provider the
// server cannot transcribe, and the translator says so in words (4150).
const wavDir = mkdtempSync(join(tmpdir(), 'hearth-voice-'));
const wav = join(wavDir, 'good-morning.wav');
function makeWav() {
  try {
    execFileSync('espeak-ng', ['-v', 'en', '-w', wav, 'Good morning, are you in pain?']);
    return existsSync(wav);
  } catch {
    return false;
  }
}
const haveWav = makeWav();
after(() => rmSync(wavDir, { recursive: true, force: true }));

/** The caregiver presses her button, speaks for `ms` while Chromium plays the WAV as the microphone, and presses it again. */
async function speak(page, ms = 2500) {
  const button = page.getByTestId('translator-speak-1');
  await button.click();
  await page.getByRole('button', { name: /Stop and translate/ }).waitFor();
  await page.waitForTimeout(ms);
  await button.click();
  return Date.now();
}


describe('AI service: a recorded clip', { skip: haveWav ? false : 'espeak-ng is not installed' }, () => {
  let browser;
  before(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${wav}`,
      ],
    });
  });
  after(async () => browser?.close());

  test('a premium owner presses her button, the clip is recorded and sent, and the missing provider is named', async () => {
    const { context, page, problems } = await newPage(browser);
    try {
      await context.grantPermissions(['microphone']);
      // What the page uploads (Playwright does not keep a multipart body made of a Blob): noted as fetch sends it.
      await context.addInitScript(() => {
        const send = globalThis.fetch;
        globalThis.__uploads = [];
        globalThis.fetch = (input, init) => {
          const body = init?.body;
          if (body instanceof FormData && String(input).includes('/api/ai/voice/transcription')) {
            const file = body.get('file');
            globalThis.__uploads.push({ size: file.size, type: file.type, name: file.name, language: body.get('language') });
          }
          return send(input, init);
        };
      });
      await premiumOwner(page);
      await page.getByTestId('fab-translator').click();
      await page.getByTestId('translator-panel').waitFor();
      await speak(page);
      const problem = page.getByTestId('translator-turn').last().getByTestId('translator-problem');
      await problem.waitFor({ timeout: 20_000 });
      assert.match(await problem.textContent(), /AI provider/i);
      const uploads = await page.evaluate(() => globalThis.__uploads);
      assert.equal(uploads.length, 1, 'one recording sent');
      assert.equal(uploads[0].language, 'ENGLISH');
      assert.match(uploads[0].type, /^audio\/(webm|mp4|ogg)/);
      assert.match(uploads[0].name, /^speech\.(webm|mp4|ogg)$/);
      // About 2.5 s of Opus speech in 1-second chunks: several kilobytes.
      assert.ok(uploads[0].size > 2000, `the recording has sound (${uploads[0].size} bytes)`);
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, [], 'the page logged errors');
  });
});

/**
 * A stand-in for an AI provider speaking the OpenAI HTTP protocol (docs/api.md "Provider protocol"), so the
 * recorded clip makes the whole round trip: transcription → translation → speech. Its second transcription
 * hears nothing (Whisper's silence), which the translator must say in words (code 400).
 */
function openAIStandIn(speech) {
  let transcriptions = 0;
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const json = (body) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url.endsWith('/audio/transcriptions')) {
        transcriptions++;
        if (transcriptions > 1) return json({ text: '', language: 'english', duration: 2.5, segments: [] });
        return json({ text: 'Good morning, are you in pain?', language: 'english', duration: 2.5, segments: [{ no_speech_prob: 0.01 }] });
      }
      if (req.url.endsWith('/chat/completions')) {
        const asked = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (/help assistant of Hearth/.test(asked.messages?.[0]?.content ?? '')) {
          // The help assistant's call: answer from the first section given, citing it.
          return json({ model: 'gpt-4o-mini', choices: [{ message: { content: 'Open Staff management, Requests, and approve it with a comment [1].' } }], usage: { prompt_tokens: 600, completion_tokens: 14 } });
        }
        return json({ model: 'gpt-4o-mini', choices: [{ message: { content: 'Buenos días, ¿le duele algo?' } }], usage: { prompt_tokens: 40, completion_tokens: 9 } });
      }
      if (req.url.endsWith('/audio/speech')) {
        res.writeHead(200, { 'Content-Type': 'audio/mpeg' });
        return res.end(speech);
      }
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":{"message":"not found"}}');
    });
  });
}

/** A signed call to the AI service as the super admin (the journeys' own client). */
async function superAdminCall(path, body) {
  const token = await apiSignIn('superadmin');
  const t = Date.now();
  const res = await fetch(`${BASE_URL}/api${path}?t=${t}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Sign: computeSign(token, t, path), 'Accept-Language': 'en-US' },
    body: JSON.stringify(body),
  });
  const env = await res.json();
  assert.equal(env.code, '0000', `${path}: ${env.code} ${env.message}`);
  return env.data;
}

describe('AI service: a recorded clip through an AI provider', { skip: haveWav ? false : 'espeak-ng is not installed' }, () => {
  let browser;
  let provider;
  const capabilities = ['TRANSLATION', 'TRANSCRIPTION', 'SPEECH'];
  // The demo's plan table, sent with every save (the server requires it, though docs/api.md marks it optional).
  const plans = [
    { plan: 'FREE_PLAN', capabilities: [] },
    { plan: 'ESSENTIAL_PLAN', capabilities: ['TRANSLATION', 'TRANSCRIPTION', 'SPEECH', 'ANALYSIS'] },
    { plan: 'PREMIUM_PLAN', capabilities: ['TRANSLATION', 'TRANSCRIPTION', 'SPEECH', 'ANALYSIS'] },
  ];
  before(async () => {
    // Beside the journeys' server: HEARTH_URL's port + 3, which build/scripts/e2e.sh keeps free.
    const port = Number(new URL(BASE_URL).port) + 3;
    provider = openAIStandIn(readFileSync(wav));
    await new Promise((ok) => provider.listen(port, '127.0.0.1', ok));
    await superAdminCall('/ai/config/save', {
      providers: capabilities.map((capability) => ({ capability, baseUrl: `http://127.0.0.1:${port}/v1`, model: '', apiKey: 'sk-journey-0000' })),
      plans,
      tenantPerMinute: 120,
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`],
    });
  });
  after(async () => {
    await browser?.close();
    // Back to no provider, as the demo starts.
    await superAdminCall('/ai/config/save', {
      providers: capabilities.map((capability) => ({ capability, baseUrl: '', model: '', clearApiKey: true })),
      plans,
      tenantPerMinute: 120,
    }).catch(() => undefined);
    await new Promise((ok) => (provider ? provider.close(ok) : ok()));
  });

  test('spoken English comes out as Spanish text beside it and in Spanish speech; silence is named; the help assistant answers citing the screen', async () => {
    const { context, page, problems } = await newPage(browser);
    try {
      await context.grantPermissions(['microphone']);
      await premiumOwner(page);
      await page.getByTestId('fab-translator').click();
      await page.getByTestId('translator-panel').waitFor();
      const ended = await speak(page);
      const turn = page.getByTestId('translator-turn').last();
      await turn.getByTestId('translator-translation').waitFor({ timeout: 20_000 });
      assert.equal(await turn.getByTestId('translator-original').textContent(), 'Good morning, are you in pain?');
      assert.equal(await turn.getByTestId('translator-translation').textContent(), 'Buenos días, ¿le duele algo?');
      assert.equal(await turn.getByTestId('translator-provider').getAttribute('data-provider'), 'ai');
      await page.getByTestId('translator-audio').last().waitFor();
      await page.waitForFunction(() => {
        const all = globalThis.document.querySelectorAll('[data-testid="translator-audio"]');
        const el = all[all.length - 1];
        return el && el.readyState >= 2 && el.duration > 0;
      });
      // Figure: end of speech (the button released) to the translated audio ready to play, on this machine.
      console.log(`# translator round trip (${NARROW ? 'phone' : 'desktop'}): ${Date.now() - ended} ms from the end of speech to the translation's audio`);
      assert.equal(await turn.getByTestId('translator-speech-provider').getAttribute('data-provider'), 'ai');
      await screenshot(page, 'translator-recorded-clip');

      // The stand-in now hears silence: code 400, said plainly.
      await speak(page, 1500);
      const silent = page.getByTestId('translator-turn').last().getByTestId('translator-problem');
      await silent.waitFor({ timeout: 20_000 });
      assert.match(await silent.textContent(), /speech/i);
      await page.getByRole('button', { name: 'Close' }).first().click();

      // With a provider the help assistant answers from Hearth's help and cites the screen.
      await page.getByTestId('fab-help').click();
      await page.getByTestId('help-question').fill('How do I approve a leave request?');
      await page.getByTestId('help-ask').click();
      const answer = page.getByTestId('help-answer');
      await answer.waitFor({ timeout: 20_000 });
      assert.match(await answer.textContent(), /approve it with a comment \[1\]/);
      const cited = page.getByTestId('help-exchange').last().getByTestId('help-link');
      assert.equal(await cited.count(), 1, 'only the cited section is linked');
      assert.equal(await cited.textContent(), 'Open Leave and shift change requests');
    } finally {
      await context.close();
    }
    assert.deepEqual(problems, [], 'the page logged errors');
  });
});
