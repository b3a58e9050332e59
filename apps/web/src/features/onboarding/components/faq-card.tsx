import { CheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

const FAQ = [
  {
    question: 'Why do you ask for these details?',
    answer: 'They tell the provider who you are, where you operate and what you plan to build, and they set up your organization and its first account.',
  },
  {
    question: 'What is test mode?',
    answer: 'A new account starts in test mode: you integrate with test keys, receive test webhooks and see test data. Live payments need a verified account.',
  },
  {
    question: 'How does my account get verified?',
    answer:
      'Fill in the business verification (KYB) at Dashboard › On-ramp › Business verification (/dashboard/on-ramp/kyb): company details, owners and directors, documents and a short questionnaire. The provider’s compliance team reviews it and e-mails your administrators; once it is approved you can create live keys and request go-live. Test mode works in full meanwhile.',
  },
  {
    question: 'Can I change my answers later?',
    answer: 'Yes. Come back to this page from your account at any time.',
  },
];

interface FaqCardProps {
  read: boolean;
  pending?: boolean;
  onMarkAsRead: () => void;
}

export function FaqCard({ read, pending = false, onMarkAsRead }: FaqCardProps) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Frequently asked questions</CardTitle>
        <CardDescription>What happens with your answers.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {FAQ.map(({ question, answer }) => (
          <details key={question} className="group rounded-md border px-3 py-2 text-sm open:bg-muted/40">
            <summary className="cursor-pointer font-medium outline-none marker:text-muted-foreground focus-visible:underline">{question}</summary>
            <p className="mt-2 text-muted-foreground">{answer}</p>
          </details>
        ))}
      </CardContent>
      <CardFooter>
        {read ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <CheckIcon className="size-4 text-(--success)" aria-hidden /> FAQ read
          </p>
        ) : (
          <Button variant="outline" size="sm" onClick={onMarkAsRead} disabled={pending}>
            {pending && <Spinner label="Saving" />}
            Mark as read
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
