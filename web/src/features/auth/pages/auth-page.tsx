// Placeholder: the accounts engineer replaces this with the Login / Sign Up tabs.
export default function AuthPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-black tracking-tight">Sign in to HYROX Training Hub</h1>
      <p className="mt-4 text-muted-foreground">Login and sign-up are coming soon.</p>
    </div>
  );
}
