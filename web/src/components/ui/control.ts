/**
 * The look every form control shares (Input, Select, Textarea): border, focus
 * ring, disabled and invalid states. Each control adds its own height.
 */
export const controlClasses =
  'w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';
