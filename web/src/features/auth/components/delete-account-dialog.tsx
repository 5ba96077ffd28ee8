import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountSchema, type DeleteAccountValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

/** Deleting the account asks for the password in a dialog. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const { form, formError, setFormError, submit } = useApiForm<DeleteAccountValues>({ schema: deleteAccountSchema, defaultValues: { password: '' } });
  const del = useDeleteAccount();

  const onSubmit = submit(async (values) => {
    await del.mutateAsync(values);
    setOpen(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.reset();
          setFormError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Delete Account</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This removes your account and all of its data (workouts, nutrition, posts, race results) for good, and cancels a paid
            subscription. Enter your password to confirm.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Confirm account deletion">
          <InputField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <FormError message={formError} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={del.isPending}>
              {del.isPending ? 'Deleting...' : 'Delete My Account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
