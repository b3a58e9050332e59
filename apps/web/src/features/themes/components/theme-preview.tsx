import { useQuery } from '@apollo/client/react';
import type { ThemeConfig, ThemeMode } from '@rampart/shared/themes';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ThemePreviewUrlQuery } from '@/features/themes/api/themes';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { isWidgetReady, previewMessage, previewOrigin } from '@/features/themes/lib/theme-draft';
import type { ThemePreviewFlow } from '@/gql/graphql';
import { QueryErrorAlert } from '@/components/query-boundary';

const FLOW_LABEL: Record<ThemePreviewFlow, string> = { buy: 'Buy', sell: 'Sell', swap: 'Swap' };

/**
 * The real widget (the account's test widget with preview=1) in an iframe. It says when it is ready; only then, and
 * only to its origin, the editor posts the draft, and again on every change, so the preview follows the partner's
 * typing without saving anything.
 */
export function ThemePreview({
  accountId,
  config,
  mode,
  showSplash,
  onShowSplashChange,
}: {
  accountId: string;
  config: ThemeConfig | null;
  mode: ThemeMode;
  showSplash: boolean;
  onShowSplashChange: (show: boolean) => void;
}) {
  const [flow, setFlow] = useState<ThemePreviewFlow>('buy');
  const { data, error, loading, refetch } = useQuery(ThemePreviewUrlQuery, { variables: { accountId, flow } });
  const previewUrl = data?.themeEditorSettings.previewUrl ?? null;
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ config, mode, showSplash });
  useLayoutEffect(() => {
    latest.current = { config, mode, showSplash };
  });
  const origin = previewUrl ? previewOrigin(previewUrl) : null;

  useEffect(() => {
    setReady(false);
    if (!origin) return;
    function onMessage(event: MessageEvent) {
      const target = frame.current?.contentWindow;
      if (!isWidgetReady(event, target, origin)) return;
      setReady(true);
      // A reloaded widget (another flow) asks again: answer with the draft as it is now.
      const { config: current, mode: currentMode, showSplash: splash } = latest.current;
      if (current && origin) target?.postMessage(previewMessage(current, currentMode, splash), origin);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, previewUrl]);

  useEffect(() => {
    if (!ready || !config || !origin) return;
    frame.current?.contentWindow?.postMessage(previewMessage(config, mode, showSplash), origin);
  }, [ready, config, mode, showSplash, origin]);

  return (
    <Card role="region" aria-label="Preview" className="gap-3 overflow-hidden py-4">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 px-4">
        <div className="flex flex-col gap-0.5">
          <CardTitle className="text-base">Preview</CardTitle>
          <p className="text-xs text-muted-foreground">{ready ? 'Your unsaved changes show here as you make them.' : 'Loading the widget…'}</p>
        </div>
        <SegmentedControl
          label="Widget flow"
          value={flow}
          onChange={setFlow}
          options={(Object.keys(FLOW_LABEL) as ThemePreviewFlow[]).map((key) => ({ value: key, label: FLOW_LABEL[key] }))}
        />
        <div className="flex basis-full items-center gap-2">
          <Switch id="theme-preview-splash" checked={showSplash} onCheckedChange={onShowSplashChange} />
          <Label htmlFor="theme-preview-splash" className="font-normal">
            Preview splash screen
          </Label>
        </div>
      </CardHeader>
      <CardContent className="px-4">
        {error && !data ? (
          <QueryErrorAlert title="Could not load the preview" error={error} onRetry={refetch} />
        ) : loading && !previewUrl ? (
          <Skeleton className="h-[640px] w-full rounded-lg" />
        ) : previewUrl ? (
          <iframe
            key={previewUrl}
            ref={frame}
            src={previewUrl}
            title="Widget preview"
            data-testid="theme-preview-frame"
            data-ready={ready}
            className="h-[640px] w-full rounded-lg border bg-muted"
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
