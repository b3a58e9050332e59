import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ROUTES } from '@/config/routes';

/** Invite sign-up; the team release (issue 3) builds it. */
export default function RegisterRoute() {
  useEffect(() => {
    document.title = 'Join your team · Rampart';
  }, []);
  return (
    <Card className="w-full max-w-md gap-5 shadow-md">
      <CardHeader>
        <h1 className="text-2xl font-semibold tracking-tight">Join your team</h1>
        <CardDescription>Signing up from a team invitation arrives with the team release of Rampart.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          Until then, create your own account or sign in if you already have one.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={ROUTES.signup}>Create an account</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={ROUTES.login}>Sign in</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
