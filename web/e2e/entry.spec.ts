import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations, signUp } from './support';

// Entry that cannot go wrong (docs/time-entry.md), on a phone-sized screen:
// times typed the ways a phone keypad allows are saved as meant, saved race
// results open and are edited, and a library simulation starts with its rows.

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
});

/** Types like a thumb on a keypad, key by key, into an emptied field. */
async function type(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
}

async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
}

test('the log form reads 2530, 25.30, 25:30 and 1:05:30 as meant and saves them', async ({ page }) => {
  await page.goto('/');
  await signUp(page);
  await page.goto('/workout-logs/new');
  const form = page.getByRole('form', { name: 'Workout log' });
  await form.getByLabel('Workout name').fill('Phone times');
  await form.getByLabel('How it felt').selectOption('3');

  const typed = [
    ['Row 5 km', '2530'],
    ['Run 5 km', '25.30'],
    ['Bike', '25:30'],
    ['Long run', '1:05:30'],
  ];
  const rows = form.getByTestId('exercise-row');
  for (const [i, [name, time]] of typed.entries()) {
    await form.getByRole('button', { name: 'Add exercise' }).click();
    await rows.nth(i).getByLabel('Exercise', { exact: true }).fill(name);
    const field = rows.nth(i).getByLabel('Time', { exact: true });
    await expect(field).toHaveAttribute('inputmode', 'decimal');
    await type(field, time);
    await expect(field).toHaveAccessibleDescription(i === 3 ? 'Reads as 1 h 5 min 30 s' : 'Reads as 25 min 30 s');
  }
  // Ambiguous: said so as it is typed, and refused on saving.
  const first = rows.nth(0).getByLabel('Time', { exact: true });
  await type(first, '45');
  await expect(first).toHaveAccessibleDescription(/could be seconds or minutes/);
  await form.getByRole('button', { name: 'Save workout' }).click();
  await expect(form.getByText('"45" could be seconds or minutes: write 0:45 or 45:00.')).toBeVisible();
  await type(first, '2530');
  // The duration follows the rows: 3 x 25:30 + 1:05:30 = 2:22:00.
  await expect(form.getByLabel('Duration')).toHaveValue('2:22:00');
  await expectNoA11yViolations(page);
  await fitsTheScreen(page);
  await form.getByRole('button', { name: 'Save workout' }).click();

  await expect(page).toHaveURL(/\/workout-logs\/\d+\?saved=1$/);
  const id = /\/workout-logs\/(\d+)/.exec(page.url())![1];
  const saved = (await (await page.request.get(`/api/workout-logs/${id}/detail`)).json()) as {
    duration: number;
    exercises: { exercise: string; timeS?: number }[];
  };
  expect(saved.exercises.map((e) => e.timeS)).toEqual([1530, 1530, 1530, 3930]);
  expect(saved.duration).toBe(142);
  await expectNoA11yViolations(page);
});

test('race results: splits typed as a phone allows are saved as meant; a saved result opens and is edited', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await signUp(page);
  await page.goto('/race-results');
  await expect(page.getByRole('heading', { name: 'Race Results' })).toBeVisible();
  await page.getByLabel('Event name').fill('Phone sim');
  const runs = ['2530', '25.30', '25:30', '445', '4.45', '4,45', '0445', '5:00'];
  const runSeconds = [1530, 1530, 1530, 285, 285, 285, 285, 300];
  for (const [i, t] of runs.entries()) await type(page.getByLabel(`Run ${i + 1}`, { exact: true }), t);
  await expect(page.getByLabel('Run 4', { exact: true })).toHaveAccessibleDescription('Reads as 4 min 45 s');
  await type(page.getByLabel('SkiErg', { exact: true }), '430');
  await type(page.getByLabel('Wall Balls', { exact: true }), '6.05');
  const rox = page.getByLabel('Roxzone (all 16 transitions)');
  await type(rox, '1:05:30');
  await expect(rox).toHaveAccessibleDescription('Reads as 1 h 5 min 30 s');
  await type(rox, '0:05:30');
  await expect(rox).toHaveAccessibleDescription('Reads as 5 min 30 s');
  // 3 x 25:30 + 4 x 4:45 + 5:00 + 4:30 + 6:05 + 5:30 = 1:56:35
  await expect(page.getByTestId('running-total')).toHaveText('1:56:35');
  await expectNoA11yViolations(page);
  await fitsTheScreen(page);
  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByText('Result saved').first()).toBeVisible();

  type Result = { id: number; runSplits: number[]; stationSplits: (number | null)[]; roxzoneSeconds: number; totalSeconds: number; eventName: string };
  const list = (await (await page.request.get('/api/race-results?limit=1')).json()) as { items: Result[] };
  const saved = list.items[0];
  expect(saved.runSplits).toEqual(runSeconds);
  expect(saved.stationSplits).toEqual([270, null, null, null, null, null, null, 365]);
  expect(saved.roxzoneSeconds).toBe(330);
  expect(saved.totalSeconds).toBe(6995);

  // Open it from the list and edit it.
  await page.getByRole('link', { name: /^Open Phone sim on / }).click();
  await expect(page).toHaveURL(new RegExp(`/race-results/${saved.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Phone sim' })).toBeVisible();
  await expect(page.getByLabel('Run 1', { exact: true })).toHaveValue('25:30');
  await expect(page.getByLabel('Roxzone (all 16 transitions)')).toHaveValue('5:30');
  await expectNoA11yViolations(page);
  await fitsTheScreen(page);
  await page.getByLabel('Event name').fill('Phone sim, corrected');
  await type(page.getByLabel('Run 1', { exact: true }), '505');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/race-results$/);
  const edited = (await (await page.request.get(`/api/race-results/${saved.id}`)).json()) as Result;
  expect(edited.eventName).toBe('Phone sim, corrected');
  expect(edited.runSplits[0]).toBe(305);
  expect(edited.totalSeconds).toBe(6995 - 1530 + 305);
  await expect(page.getByRole('listitem').filter({ hasText: 'Phone sim, corrected' })).toContainText('1:36:10');
});

test('logging the full simulation starts with its 16 prescribed rows and library names', async ({ page }) => {
  await page.goto('/');
  await signUp(page);
  await page.goto('/workout-logs/new');
  const form = page.getByRole('form', { name: 'Workout log' });
  await form.getByLabel('Workout', { exact: true }).selectOption({ label: 'Full HYROX Simulation' });
  const rows = form.getByTestId('exercise-row');
  await expect(rows).toHaveCount(16);
  const names = await rows.evaluateAll((els) => els.map((el) => (el.querySelector('input') as HTMLInputElement).value));
  expect(names).toEqual([
    'Run', 'SkiErg', 'Run', 'Sled Push', 'Run', 'Sled Pull', 'Run', 'Burpee Broad Jumps',
    'Run', 'Rowing', 'Run', 'Farmers Carry', 'Run', 'Sandbag Lunges', 'Run', 'Wall Balls',
  ]);
  await expect(rows.nth(0).getByLabel('Distance (m)')).toHaveValue('1000');
  await expect(rows.nth(15).getByLabel('Reps')).toHaveValue('100');
  // Its target time, until the rows' times say otherwise.
  await expect(form.getByLabel('Duration')).toHaveValue('1:30:00');
  await type(rows.nth(0).getByLabel('Time', { exact: true }), '445');
  await type(rows.nth(1).getByLabel('Time', { exact: true }), '4.30');
  await expect(form.getByLabel('Duration')).toHaveValue('9:15');
  // Names come from the exercise library as suggestions.
  const nameField = rows.nth(0).getByLabel('Exercise', { exact: true });
  const list = await nameField.getAttribute('list');
  expect(list).toBeTruthy();
  const options = await page.locator(`datalist[id="${list}"] option`).evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  expect(options).toEqual(expect.arrayContaining(['SkiErg', 'Wall Balls', 'Run', 'Back Squat']));
  await expectNoA11yViolations(page);
  await fitsTheScreen(page);

  await form.getByLabel('How it felt').selectOption('4');
  await form.getByRole('button', { name: 'Save workout' }).click();
  await expect(page).toHaveURL(/\/workout-logs\/\d+\?saved=1$/);
  const id = /\/workout-logs\/(\d+)/.exec(page.url())![1];
  const saved = (await (await page.request.get(`/api/workout-logs/${id}/detail`)).json()) as {
    workoutName: string;
    exercises: { exercise: string; distanceM?: number; timeS?: number }[];
  };
  expect(saved.workoutName).toBe('Full HYROX Simulation');
  expect(saved.exercises).toHaveLength(16);
  expect(saved.exercises[0]).toMatchObject({ exercise: 'Run', distanceM: 1000, timeS: 285 });
  expect(saved.exercises[1]).toMatchObject({ exercise: 'SkiErg', distanceM: 1000, timeS: 270 });
});
