import type { components } from '@/lib/api-types';

export type NutritionProfile = components['schemas']['NutritionProfile'];
export type NutritionTargets = components['schemas']['NutritionTargets'];
export type NutritionSuggestInput = components['schemas']['NutritionSuggestInput'];
export type NutritionSuggestion = components['schemas']['NutritionSuggestion'];
export type NewFoodEntry = components['schemas']['NewFoodEntry'];
export type FoodEntry = components['schemas']['FoodEntry'];
export type FoodDay = components['schemas']['FoodDay'];
export type Food = components['schemas']['Food'];
export type FoodList = components['schemas']['FoodList'];
