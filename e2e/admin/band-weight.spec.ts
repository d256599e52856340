import { expect, test } from '@playwright/test';
import { signInAs } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { collectConsoleProblems } from '../support/page-helpers';

/*
 * Issue 28: IELTS Writing Task 2 counts twice as much as Task 1. The author sets an essay's band weight
 * in the question editor when it is marked on an IELTS rubric; the seeded Task 2 has weight 2. A general
 * rubric makes no IELTS band, so it has no weight field. Nothing is saved here (the seeded question is
 * shared by other specs).
 */
test('the question editor shows an IELTS essay’s band weight, and none on the general rubric', async ({
  page,
}) => {
  const problems = collectConsoleProblems(page);
  await signInAs(page, 'admin');
  const list = await page.request.get(
    '/api/admin/questions?tag=task-2&search=public%20transport&pageSize=50',
  );
  expect(list.status()).toBe(200);
  const items = (
    (await list.json()) as { result: { items: { id: string; answer: { band_weight?: number } }[] } }
  ).result.items;
  const task2 = items.find((question) => question.answer?.band_weight === 2);
  expect(task2, 'the seeded Writing Task 2').toBeTruthy();

  await page.goto(`/admin/question-bank/single/${task2!.id}/edit`);
  const editor = page.getByTestId('answer-editor');
  const weight = editor.getByRole('textbox', { name: 'Hệ số band' });
  await expect(weight).toHaveValue('2', { timeout: 15_000 });
  await expect(editor).toContainText('IELTS Writing: Task 2 tính gấp đôi Task 1');
  await expectAccessible(page, { include: '[data-testid="answer-editor"]' });

  await editor.getByRole('textbox', { name: 'Thang chấm' }).click();
  await page.getByRole('option', { name: 'Thang chung (bốn tiêu chí, 0–10)' }).click();
  await expect(weight).toHaveCount(0);
  // Back on the IELTS rubric the weight starts empty: none is 1.
  await editor.getByRole('textbox', { name: 'Thang chấm' }).click();
  await page.getByRole('option', { name: 'IELTS Writing (band 0–9)' }).click();
  await expect(weight).toHaveValue('');
  await expect(weight).toHaveAttribute('placeholder', '1');
  expect(problems).toEqual([]);
});
