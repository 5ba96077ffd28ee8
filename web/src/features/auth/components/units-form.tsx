import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import type { User } from '@/lib/session';
import { useUpdateUnits } from '../api/update-profile';

/** The units setting: how loads and distances are shown and typed; data stays metric. */
export function UnitsForm({ user }: { user: User }) {
  const update = useUpdateUnits();
  return (
    <FormField label="Units" hint="Workout logs, plans and records show loads and distances in these units.">
      {(control) => (
        <Select
          {...control}
          className="max-w-xs"
          value={update.isPending && update.variables ? update.variables : user.units}
          disabled={update.isPending}
          onChange={(e) => update.mutate(e.target.value as User['units'])}
        >
          <option value="metric">Metric (kg, km)</option>
          <option value="imperial">Imperial (lb, mi)</option>
        </Select>
      )}
    </FormField>
  );
}
