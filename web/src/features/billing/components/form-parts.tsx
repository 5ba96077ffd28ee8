import { AlertCircle, Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="flex items-start gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-destructive">
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </div>
  );
}

export function SecureNote() {
  return (
    <p className="flex items-center gap-2 text-xs text-muted-foreground">
      <Lock className="h-3.5 w-3.5" aria-hidden="true" />
      Secure payment: your full card details never reach or stay on our servers.
    </p>
  );
}

export function FormButtons(props: {
  submitting: boolean;
  canSubmit: boolean;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {props.onCancel && (
        <Button variant="outline" onClick={props.onCancel} disabled={props.submitting}>
          {props.cancelLabel ?? 'Cancel'}
        </Button>
      )}
      <Button type="submit" disabled={!props.canSubmit || props.submitting}>
        {props.submitting ? props.pendingLabel : props.submitLabel}
      </Button>
    </div>
  );
}
