import { useMutation } from '@apollo/client/react';
import { SendIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '@/components/form-alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TestWebhookMutation } from '@/features/developers/api/webhooks';
import { groupEventTypes } from '@/features/developers/lib/format';
import type { Developers_WebhookFragment } from '@/gql/graphql';
import { describeApiError } from '@/lib/graphql-errors';

/** Sends a realistic sample of one event to the endpoint now and shows what it answered. */
export function TestWebhookDialog({
  webhook,
  eventTypes,
  onClose,
}: {
  webhook: Developers_WebhookFragment | null;
  eventTypes: readonly string[];
  onClose: () => void;
}) {
  const choices = webhook && webhook.events.length > 0 ? webhook.events : eventTypes;
  const [event, setEvent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [send, { data, loading, reset }] = useMutation(TestWebhookMutation);

  useEffect(() => {
    if (!webhook) return;
    setEvent(choices.includes('transaction_created') ? 'transaction_created' : (choices[0] ?? ''));
    setError(null);
    reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only opening another webhook resets the form; a refetch of the same one keeps the chosen event
  }, [webhook?.id]);

  async function submit() {
    if (!webhook || !event) return;
    setError(null);
    reset();
    try {
      await send({ variables: { id: webhook.id, event } });
    } catch (caught) {
      setError(describeApiError(caught).message);
    }
  }

  const result = data?.triggerTestWebhook;
  const ok =
    result?.responseStatusCode !== null && result?.responseStatusCode !== undefined && result.responseStatusCode >= 200 && result.responseStatusCode < 300;
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Send a test event</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            To {webhook?.url}. The request is signed like a real one; it is not kept in the delivery log.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="test-event">Event</Label>
          <Select value={event} onValueChange={setEvent}>
            <SelectTrigger id="test-event" className="w-full">
              <SelectValue placeholder="Choose an event" />
            </SelectTrigger>
            <SelectContent>
              {groupEventTypes(choices).map((group) => (
                <SelectGroup key={group.label}>
                  <div className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">{group.label}</div>
                  {group.types.map((type) => (
                    <SelectItem key={type} value={type}>
                      {type}
                    </SelectItem>
                  ))}
                </SelectGroup>
              ))}
            </SelectContent>
          </Select>
        </div>
        <ErrorAlert message={error} title="Could not send the test event" />
        {result && (
          <section aria-label="Test result" className="flex flex-col gap-2 rounded-lg border p-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">Response</span>
              {result.responseStatusCode !== null && result.responseStatusCode !== undefined ? (
                <Badge variant={ok ? 'secondary' : 'destructive'} data-testid="test-status-code">
                  {result.responseStatusCode}
                </Badge>
              ) : (
                <Badge variant="destructive">No response</Badge>
              )}
              <span className="text-muted-foreground">{result.latencyMs} ms</span>
            </div>
            {result.error && <p className="text-sm text-destructive">{result.error}</p>}
            <pre data-testid="test-response-body" className="max-h-60 overflow-auto rounded-md bg-muted/50 p-2 font-mono text-xs whitespace-pre-wrap break-all">
              {result.responseBody || '(empty body)'}
            </pre>
          </section>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="button" onClick={() => void submit()} disabled={loading || !event}>
            {loading ? <Spinner label="Sending" /> : <SendIcon aria-hidden />}
            Send test event
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
