import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormCard } from '@/components/form/form-card';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MyAccountAlert } from '@/features/sso/components/my-account-alert';
import { useMyAccountFailure, useMyAccountResource } from '@/features/sso/hooks/use-my-account';
import type { AccountProfile, MyAccountClient } from '@/features/sso/lib/my-account';
import { MyAccountError } from '@/features/sso/lib/my-account-errors';
import { profileFieldsOf, profileFormSchema, profileFormValues, profileUpdateOf, type ProfileField } from '@/features/sso/lib/profile-schema';
import { toast } from '@/hooks/use-toast';
import { formatDateTime } from '@/lib/format';
import { SelectField } from '@/components/form/select-field';
import { InputField } from '@/components/form/input-field';

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  middleName: 'additional-name',
  displayName: 'nickname',
  nickName: 'nickname',
  honorificPrefix: 'honorific-prefix',
  honorificSuffix: 'honorific-suffix',
  title: 'organization-title',
  email: 'email',
  login: 'username',
};

function ProfileForm({
  client,
  fields,
  profile,
  onSaved,
}: {
  client: MyAccountClient;
  fields: ProfileField[];
  profile: AccountProfile;
  onSaved: (profile: AccountProfile) => Promise<string | null>;
}) {
  const onFailure = useMyAccountFailure(client);
  const [error, setError] = useState<MyAccountError | null>(null);
  const schema = useMemo(() => profileFormSchema(fields), [fields]);
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema), defaultValues: profileFormValues(fields, profile.profile) });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await client.updateProfile(profileUpdateOf(fields, values));
      form.reset(profileFormValues(fields, saved.profile));
      const notCopied = await onSaved(saved);
      toast(
        notCopied
          ? {
              variant: 'destructive',
              title: 'Profile saved; Rampart still shows your old name',
              description: `Saved at ${client.host}, but Rampart could not copy it: ${notCopied} It is copied at your next sign-in.`,
            }
          : { title: 'Profile saved', description: `Saved at your identity provider (${client.host}).` },
      );
    } catch (caught) {
      const failure = onFailure(caught);
      let unmatched = Object.keys(failure.fields).length === 0;
      for (const [name, message] of Object.entries(failure.fields)) {
        if (fields.some((field) => field.name === name && field.editable)) form.setError(name, { type: 'server', message }, { shouldFocus: true });
        else unmatched = true;
      }
      if (unmatched) setError(failure);
    }
  });

  return (
    <FormCard
      form={form}
      onSubmit={submit}
      label="Profile"
      title="Profile"
      description={
        <>
          Your name and details as your identity provider holds them.
          {profile.modifiedAt && ` Last changed ${formatDateTime(profile.modifiedAt)}.`}
        </>
      }
      submitLabel="Save profile"
      changesOnly
    >
      <MyAccountAlert error={error} client={client} title="Could not save your profile" />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {fields.map((field) =>
          field.editable && field.choices ? (
            <SelectField key={field.name} control={form.control} name={field.name} label={field.label} options={field.choices} placeholder="Not set" />
          ) : (
            <InputField
              key={field.name}
              control={form.control}
              name={field.name}
              label={field.label}
              readOnly={!field.editable}
              className={field.editable ? undefined : 'bg-muted text-muted-foreground'}
              type={field.format === 'email' || field.name === 'email' ? 'email' : 'text'}
              autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
              maxLength={field.maxLength ?? undefined}
              description={
                field.editable
                  ? undefined
                  : field.name === 'email'
                    ? 'Your primary e-mail address; change it under E-mail addresses.'
                    : 'Set by your identity provider.'
              }
            />
          ),
        )}
      </div>
    </FormCard>
  );
}

/** The profile the provider holds, as a form built from its profile schema (editable fields per the user's permission). */
export function ProfileCard({ client, onSaved }: { client: MyAccountClient; onSaved: () => Promise<string | null> }) {
  const resource = useMyAccountResource(client, async (api) => {
    const [schema, profile] = await Promise.all([api.getProfileSchema(), api.getProfile()]);
    return { fields: profileFieldsOf(schema), profile };
  });
  if (resource.error && !resource.data) {
    return (
      <Card className="gap-5">
        <CardHeader>
          <CardTitle className="text-base">Profile</CardTitle>
        </CardHeader>
        <CardContent>
          <MyAccountAlert error={resource.error} client={client} title="Could not load your profile" />
        </CardContent>
      </Card>
    );
  }
  if (!resource.data) return <Skeleton className="h-72 w-full" />;
  const { fields, profile } = resource.data;
  return (
    <ProfileForm
      key={profile.modifiedAt ?? 'profile'}
      client={client}
      fields={fields}
      profile={profile}
      onSaved={async (saved) => {
        resource.set({ fields, profile: saved });
        return onSaved();
      }}
    />
  );
}
