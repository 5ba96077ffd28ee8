// Static nutrition content (docs/product.md#nutrition): the meal names, example meals,
// and the guideline, hydration and supplement lists. Foods are logged from the food
// database only (docs/nutrition-foods.md#one-way-to-log).

export const MEAL_TYPES = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export const MEAL_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  snack: 'Snack',
};

export type ExampleMeal = { name: string; calories: number };
export type MealPlan = { title: string; timing: string; meals: ExampleMeal[] };

/** The static example meals. */
export const MEAL_PLANS: MealPlan[] = [
  {
    title: 'Pre-Workout',
    timing: '60-90 minutes before',
    meals: [
      { name: 'Toast with cream cheese', calories: 250 },
      { name: 'Banana', calories: 105 },
      { name: 'Coffee', calories: 5 },
    ],
  },
  {
    title: 'During Workout',
    timing: 'Sessions over 60 minutes',
    meals: [
      { name: 'Energy gel', calories: 100 },
      { name: 'Electrolyte drink', calories: 80 },
      { name: 'Water', calories: 0 },
    ],
  },
  {
    title: 'Post-Workout',
    timing: 'Within 30-60 minutes',
    meals: [
      { name: 'Recovery shake', calories: 320 },
      { name: 'Greek yogurt', calories: 150 },
      { name: 'Berries', calories: 80 },
    ],
  },
];

/** The Nutrition page's guideline bullets. */
export const GUIDELINES: string[] = [
  'Calories: 2500-2600 kcal/day on training days',
  'Protein: 160-170g protein a day to repair and build muscle',
  'Carbohydrates fuel the runs and the stations: keep them high on hard days',
  'Healthy fats from nuts, fish and avocado for steady energy',
];

export const HYDRATION: string[] = [
  'Drink 500 ml of water 2 hours before training',
  'Sip 150-250 ml every 15-20 minutes during long sessions',
  'Add electrolytes when you train longer than an hour or sweat heavily',
  'Replace 1.5 l for every kg of body weight lost after training',
];

export const SUPPLEMENTS: string[] = [
  'Whey or plant protein to reach the daily protein target',
  'Creatine monohydrate, 3-5 g a day, for strength on the sleds',
  'Caffeine, 3 mg per kg, about an hour before racing',
  'Electrolytes for long sessions and race day',
];

/** An example day for visitors (clearly labelled as an example). */
export const EXAMPLE_DAY = {
  dailyCalories: 2550,
  proteinTarget: 165,
  carbsTarget: 300,
  fatTarget: 80,
  currentCalories: 1840,
  currentProtein: 128,
  currentCarbs: 205,
  currentFat: 58,
};
