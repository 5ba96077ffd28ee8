import { Download, ShieldAlert, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { memberLabel } from '@/lib/tiers';
import { useExportData } from '../api/export-data';
import { useSessionUser } from '@/lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { UnitsForm } from '../components/units-form';
import { NotificationSettingsForm } from '../components/notification-settings';

/** /profile: account details, password, data export and account deletion. */
export default function ProfilePage() {
  const { data: user } = useSessionUser();
  const exportData = useExportData(user?.username ?? 'me');
  if (!user) return null; // the route guard shows Loading... or redirects

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <div className="flex items-center gap-4">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <UserRound className="h-7 w-7" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-3xl font-black tracking-tight">Profile</h1>
          <p className="text-muted-foreground">
            {memberLabel(user)} · member since {formatDate(user.createdAt)}
          </p>
        </div>
      </div>

      <div className="mt-8 grid gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-bold">Account details</h2>
            <CardDescription>Your username is shown in the community; you can log in with either.</CardDescription>
          </CardHeader>
          <CardContent>
            <ProfileDetailsForm user={user} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-bold">Units</h2>
            <CardDescription>Metric or imperial, for loads and distances.</CardDescription>
          </CardHeader>
          <CardContent>
            <UnitsForm user={user} />
          </CardContent>
        </Card>

        <Card id="notifications">
          <CardHeader>
            <h2 className="text-lg leading-tight font-bold">Notifications</h2>
            <CardDescription>What we tell you while the app is closed: by push on the browsers you allow, by e-mail otherwise.</CardDescription>
          </CardHeader>
          <CardContent>
            <NotificationSettingsForm />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-bold">Change password</h2>
            <CardDescription>Changing your password signs you out on every other device.</CardDescription>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-bold">Export my data</h2>
            <CardDescription>Download everything we hold about you (account, workouts, nutrition, posts, results) as a JSON file.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => exportData.mutate()} disabled={exportData.isPending}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {exportData.isPending ? 'Preparing...' : 'Download My Data'}
            </Button>
          </CardContent>
        </Card>

        <Card className="border-destructive/50">
          <CardHeader>
            <h2 className="flex items-center gap-2 text-lg leading-tight font-bold">
              <ShieldAlert className="h-5 w-5 text-destructive" aria-hidden="true" />
              Delete account
            </h2>
            <CardDescription>Deletes your account and all of its data. This cannot be undone.</CardDescription>
          </CardHeader>
          <CardContent>
            <DeleteAccountDialog />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
