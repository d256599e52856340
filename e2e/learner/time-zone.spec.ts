import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { DEMO, DEMO_PASSWORD } from '../support/constants';
import { collectConsoleProblems, waitForHydration } from '../support/page-helpers';

// A viewer in New York (UTC−5 in November), not in Vietnam (the default zone, UTC+7): a signed-in page
// first renders in Vietnam's zone, then in the browser's, with no hydration warning at any point.
const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

/** "28/11/2026 14:05" for the instant in the zone, as the Vietnamese interface writes it. */
function viDateTime(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}`;
}

/** The last-attempt times the history table should show, in the zone, from the API's own instants. */
async function expectedTimes(page: Page, timeZone: string): Promise<string[]> {
  const response = await page.request.get('/api/user/test-history?page=1&pageSize=20');
  expect(response.status()).toBe(200);
  const { result } = (await response.json()) as { result: { items: { last_attempt_at: string }[] } };
  expect(result.items.length).toBeGreaterThan(0);
  return result.items.map((item) => viDateTime(item.last_attempt_at, timeZone));
}

const shownTimes = (page: Page) =>
  page.getByTestId('history-row').locator('td:nth-child(5)').allTextContents();

test('times show in the viewer’s zone, kept in the tz cookie, with no hydration warning', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  const login = await page.request.post('/api/user/auth/login', {
    data: { email: DEMO.learner, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);

  // First page with no tz cookie: the server renders Vietnam's time, the browser hydrates that same
  // text, then stores its own zone and shows New York's time.
  await page.goto('/test-history');
  await waitForHydration(page);
  await expect.poll(() => shownTimes(page)).toEqual(await expectedTimes(page, ZONE));
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'tz');
  expect(cookie?.value).toBe(encodeURIComponent(ZONE));

  // The next server render already uses the cookie's zone.
  const html = await (await page.request.get('/test-history')).text();
  for (const time of await expectedTimes(page, ZONE)) expect(html).toContain(time);
  await page.reload();
  await waitForHydration(page);
  expect(await shownTimes(page)).toEqual(await expectedTimes(page, ZONE));
  expect(await shownTimes(page)).not.toEqual(await expectedTimes(page, 'Asia/Ho_Chi_Minh'));
  await expectAccessible(page);
  expect(problems).toEqual([]);
});
