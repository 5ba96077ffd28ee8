import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { deferred } from '@/lib/deferred';
import { isQueued, QUEUED_TEXT } from '@/lib/offline/send';
import type { FoodEntry, FoodEntryUpdate } from '../api/types';
import { useUpdateFoodEntry } from '../api/update-food-entry';

// The form, with the form kit, loads apart from the diary (lib/deferred.tsx).
const EditEntryForm = deferred(() => import('./edit-entry-form'));

/** Edit one diary entry in a dialog. */
export function EditEntryDialog({ entry }: { entry: FoodEntry }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateFoodEntry();
  const onSave = async (u: FoodEntryUpdate) => {
    const saved = await update.mutateAsync({ id: entry.id, update: u, label: entry.foodName });
    setOpen(false);
    if (isQueued(saved)) toast({ title: 'Edit kept on this device', description: `${entry.foodName}. ${QUEUED_TEXT}` });
    else toast({ title: 'Entry updated', description: `${saved.foodName}: ${saved.quantity}, ${saved.calories} cal.` });
  };
  const fromFood = entry.foodId != null || entry.customFoodId != null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Edit ${entry.foodName}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit entry</DialogTitle>
          <DialogDescription>
            {fromFood ? 'Change the portion or the meal; calories and macros follow the grams.' : 'Change the name, amount, figures or meal.'}
          </DialogDescription>
        </DialogHeader>
        {open && <EditEntryForm entry={entry} onSave={onSave} />}
      </DialogContent>
    </Dialog>
  );
}
