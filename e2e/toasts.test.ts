import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, waitForHydration } from './support/browser.ts';
import { useSite } from './support/site.ts';

// A toast shows 5000 ms, one at a time; a swipe right beyond 50 px dismisses it; the
// viewport is at most 420 px wide.
const TOAST_MS = 5000;

const toasts = (page: Page) => page.getByTestId('toast');

/** The toast on screen is still there 100 ms before `ms` more milliseconds have passed, and gone once they have. */
async function expectToastToCloseIn(page: Page, ms: number) {
  await page.clock.runFor(ms - 100);
  await expect(toasts(page).count()).resolves.toBe(1);
  await page.clock.runFor(100);
  await toasts(page).first().waitFor({ state: 'detached' });
}

describe('notification toasts', () => {
  const site = useSite();

  /**
   * The review form as a toast trigger: the test answers its POST (201 or 500) and holds the page's
   * clock, so time moves only when the test moves it.
   */
  async function openReviewForm(viewport = { width: 1280, height: 900 }) {
    const context = await site.browser.newContext({ viewport });
    const { page, errors } = await openPage(context);
    let answerStatus = 201;
    await page.route('**/api/reviews', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: answerStatus,
            contentType: 'application/json',
            body: JSON.stringify(
              answerStatus === 201 ? { success: true, pending: true } : { success: false },
            ),
          })
        : route.continue(),
    );
    // The fake clock starts at the real time: the footer's year must match the server's HTML.
    await page.clock.install();
    await page.goto(`${site.url}/testimonials#review-form`);
    await waitForHydration(page);
    await page.clock.pauseAt(Date.now() + 60_000);

    /** Sends the form and waits for the toast it brings; the form resets either way, so it is filled each time. */
    async function sendReview(status: 201 | 500) {
      answerStatus = status;
      await page.getByLabel('Name *').fill('Toast Tester');
      await page.getByLabel('Your review *').fill('Quick and tidy work.');
      await page.getByRole('button', { name: 'Submit Review' }).click();
      const title = status === 201 ? 'Review submitted successfully!' : 'Error submitting review';
      await toasts(page).filter({ hasText: title }).waitFor();
      // Nothing under the pointer: a hovered toast would pause.
      await page.mouse.move(5, 5);
    }
    // The browser reports the 500 answers the test asked for; nothing else may fail.
    const unexpectedErrors = () => errors.filter((error) => !/status of 500/.test(error));
    return { context, page, sendReview, unexpectedErrors };
  }

  it('closes a toast after 5000 ms', async () => {
    const { context, page, sendReview, unexpectedErrors } = await openReviewForm();
    await sendReview(201);
    await expectToastToCloseIn(page, TOAST_MS);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('shows one toast at a time: a new one replaces the one on screen', async () => {
    const { context, page, sendReview, unexpectedErrors } = await openReviewForm();
    await sendReview(201);
    await page.clock.runFor(1000);
    await sendReview(500);
    await expect(toasts(page).count()).resolves.toBe(1);
    await expect(toasts(page).textContent()).resolves.toContain(
      'Please check your connection and try again.',
    );
    // The newcomer gets its own full 5000 ms.
    await expectToastToCloseIn(page, TOAST_MS);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('holds a toast while the pointer rests on it and closes it with the time left once the pointer leaves', async () => {
    const { context, page, sendReview, unexpectedErrors } = await openReviewForm();
    await sendReview(201);
    await page.clock.runFor(1000);
    await toasts(page).hover();
    // Well past the 5000 ms while hovered: it stays.
    await page.clock.runFor(20_000);
    await expect(toasts(page).count()).resolves.toBe(1);

    await page.mouse.move(5, 5);
    // 4000 ms were left when the pointer arrived.
    await expectToastToCloseIn(page, TOAST_MS - 1000);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('holds a toast while keyboard focus is on it and closes it with the time left once focus leaves', async () => {
    const { context, page, sendReview, unexpectedErrors } = await openReviewForm();
    await sendReview(500);
    await page.clock.runFor(2000);
    await toasts(page).getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.clock.runFor(20_000);
    await expect(toasts(page).count()).resolves.toBe(1);

    await page.getByLabel('Name *').focus();
    // 3000 ms were left when focus arrived.
    await expectToastToCloseIn(page, TOAST_MS - 2000);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('dismisses a toast swiped right beyond 50 px and keeps one swiped less', async () => {
    const { context, page, sendReview, unexpectedErrors } = await openReviewForm();
    await sendReview(201);
    const toast = toasts(page).first();
    const box = (await toast.boundingBox())!;
    // Grab the text side, away from the close button.
    const startX = box.x + 40;
    const y = box.y + box.height / 2;

    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + 30, y, { steps: 5 });
    await page.mouse.up();
    await expect(toast.evaluate((element) => element.style.transform)).resolves.toBe('');
    await expect(toasts(page).count()).resolves.toBe(1);

    await page.mouse.move(startX, y);
    await page.mouse.down();
    await page.mouse.move(startX + 80, y, { steps: 8 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached' });
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('keeps the toast viewport at most 420 px wide, and within a phone screen', async () => {
    for (const width of [1280, 390]) {
      const { context, page, sendReview, unexpectedErrors } = await openReviewForm({ width, height: 800 });
      await sendReview(201);
      const viewportBox = (await page.getByRole('list', { name: 'Notifications' }).boundingBox())!;
      expect(viewportBox.width).toBeLessThanOrEqual(420);
      expect(viewportBox.x + viewportBox.width).toBeLessThanOrEqual(width);
      const toastBox = (await toasts(page).boundingBox())!;
      expect(toastBox.width).toBeLessThanOrEqual(420);
      expect(unexpectedErrors()).toEqual([]);
      await context.close();
    }
  });
});
