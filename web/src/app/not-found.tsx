import { useEffect } from 'react';
import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { markPageShown } from '@/lib/page-shown';
import { paths } from './paths';

export default function NotFoundPage() {
  useEffect(markPageShown, []);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center px-4 py-16 text-center">
      <AlertCircle className="h-12 w-12 text-destructive" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-black tracking-tight">Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild className="mt-6">
        <Link href={paths.home}>Go to Home</Link>
      </Button>
    </div>
  );
}
