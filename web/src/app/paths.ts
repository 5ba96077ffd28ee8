// Every route path of the app, in one place. Build links with these.

export const paths = {
  home: '/',
  about: '/about',
  story: '/hyrox-story',
  pricing: '/pricing',
  auth: '/auth',
  passwordReset: '/password-reset',

  training: '/training',
  trainingPlan: '/training/:id',
  workoutLogs: '/workout-logs',
  workoutLogNew: '/workout-logs/new',
  workoutLog: '/workout-logs/:id',
  workout: '/workouts/:id',
  exercises: '/exercises',
  exercise: '/exercises/:slug',
  calendar: '/calendar',
  imports: '/import',
  importHyrox: '/import/hyrox/:id',
  programs: '/programs',
  programNew: '/programs/new',
  programEdit: '/programs/:id/edit',
  program: '/programs/:id',
  community: '/community',
  communityPost: '/community/posts/:id',
  leaderboard: '/leaderboard',
  raceResults: '/race-results',
  raceResult: '/race-results/:id',
  blog: '/blog',
  blogArticle: '/blog/:id',
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  profile: '/profile',
  subscription: '/subscription',
  subscriptionSuccess: '/subscription/success',
  subscriptionCancel: '/subscription/cancel',
  paymentMethods: '/payment-methods',
  billingHistory: '/billing-history',

  nutrition: '/nutrition',
  analytics: '/analytics',

  raceStrategy: '/race-strategy',

  coaching: '/coaching',
  coach: '/coach',
  coachAthlete: '/coach/athletes/:id',
} as const;

export const trainingPlanPath = (id: string | number) => `/training/${id}`;
export const communityPostPath = (id: string | number) => `/community/posts/${id}`;
export const workoutLogPath = (id: string | number) => `/workout-logs/${id}`;
export const importHyroxPath = (id: string | number) => `/import/hyrox/${id}`;
export const raceResultPath = (id: string | number) => `/race-results/${id}`;
export const workoutPath = (id: string | number) => `/workouts/${id}`;
export const exercisePath = (slug: string) => `/exercises/${slug}`;
export const programEditPath = (id: string | number) => `/programs/${id}/edit`;
export const programPath = (id: string | number) => `/programs/${id}`;
export const coachAthletePath = (id: string | number) => `/coach/athletes/${id}`;
export const blogArticlePath = (id: string | number) => `/blog/${id}`;
