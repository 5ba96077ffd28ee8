import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { deferred } from '@/lib/deferred';
import type { Food } from '../api/types';

// The form, with the form kit, loads apart from the food search (lib/deferred.tsx).
const CustomFoodForm = deferred(() => import('./custom-food-form'));

/**
 * A dialog to add one of my own foods (values per 100 g and an optional portion) or, given
 * `food`, to edit it (docs/nutrition-foods.md#custom-foods). Editing keeps any further
 * portions the food has (the dialog shows the first); entries already logged keep their figures.
 */
export function CustomFoodDialog({ food, onSaved }: { food?: Food; onSaved: (food: Food) => void }) {
  const editing = food !== undefined;
  const [open, setOpen] = useState(false);
  const title = editing ? `Edit ${food.name}` : 'New custom food';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {editing ? (
          <Button type="button" size="sm" variant="ghost" aria-label={title} className="shrink-0">
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {/* Icon only on narrow screens: the food's name keeps the room. */}
            <span className="hidden sm:inline">Edit</span>
          </Button>
        ) : (
          <Button type="button" size="sm" variant="outline">
            <Plus className="h-4 w-4" aria-hidden="true" />
            New custom food
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit custom food' : 'New custom food'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Values per 100 g, as on a label. Food you already logged keeps its figures; new entries use these.'
              : 'Values per 100 g, as on a label. Only you see your foods.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <CustomFoodForm
            food={food}
            onSaved={(saved) => {
              setOpen(false);
              onSaved(saved);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
