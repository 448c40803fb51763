// Avatar upload from the settings popover (issue 3): each broken rule is named, a good picture is
// compressed (over 2 MB), cropped to 400 × 400 and shown in the header as a 64 × 64 round thumbnail.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { png } from './images.mjs';
import { launchBrowser, newPage, openSettings, screenshot, signIn } from './support.mjs';

let browser;
let current;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await current?.context.close();
  await browser?.close();
});

describe('Avatar', () => {
  test('10. a caregiver is told which rule a picture breaks, then crops and uploads an avatar', async () => {
    current = await newPage(browser);
    const { page, problems } = current;
    await signIn(page, 'caregiver_cedar1');
    await page.waitForURL('**/dashboard');
    await openSettings(page);
    await page.getByRole('menuitem', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change avatar' });
    const input = dialog.getByTestId('avatar-file-input');
    const problem = dialog.getByTestId('avatar-problem');

    const refusals = [
      [{ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }, /^Unsupported image type/],
      [{ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) }, /^The image is too large: at most 10 MB/],
      [{ name: 'wide.png', mimeType: 'image/png', buffer: png(5000, 8) }, /^The image has too many pixels: at most 4096 × 4096/],
      [{ name: 'broken.png', mimeType: 'image/png', buffer: randomBytes(2048) }, /^Image processing failed/],
    ];
    for (const [file, message] of refusals) {
      await input.setInputFiles(file);
      await problem.filter({ hasText: message }).waitFor();
    }

    // Over 2 MB: compressed first, then cropped.
    const big = png(1000, 800, { noise: true });
    assert.ok(big.length > 2 * 1024 * 1024, `the picture is over 2 MB (${big.length})`);
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: big });
    const crop = dialog.getByTestId('avatar-crop');
    await crop.waitFor();
    assert.equal(await problem.count(), 0);
    const box = await crop.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    await crop.press('ArrowLeft');
    await screenshot(page, 'avatar-crop');
    await dialog.getByRole('button', { name: 'Save avatar' }).click();
    await page.locator('.bp6-toast').filter({ hasText: 'Profile photo saved' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const avatar = page.getByTestId('header-avatar');
    await avatar.waitFor();
    assert.match(await avatar.getAttribute('src'), /^\/api\/system\/files\/signed\//);
    await avatar.evaluate((img) => img.decode());
    const shown = await avatar.evaluate((img) => ({
      natural: [img.naturalWidth, img.naturalHeight],
      size: [img.clientWidth, img.clientHeight],
      radius: img.ownerDocument.defaultView.getComputedStyle(img).borderRadius,
    }));
    // The server keeps the 400 × 400 crop (Go tests) and the header loads its 64 × 64 thumbnail (spec 001 §9).
    assert.match(await avatar.getAttribute('src'), /[?&]size=64&/);
    assert.deepEqual(shown.natural, [64, 64], 'the header loads the 64 × 64 thumbnail');
    // Shown at 36 px so the header keeps its height with an avatar.
    assert.deepEqual(shown.size, [36, 36]);
    assert.equal(await page.locator('.hearth-header-bar').evaluate((bar) => bar.offsetHeight), 50, 'the header bar keeps its height');
    assert.equal(shown.radius, '50%');
    await screenshot(page, 'header-avatar');
    assert.deepEqual(problems, [], 'the page logged errors');
  });
});
