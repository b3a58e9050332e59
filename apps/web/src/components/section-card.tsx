import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled section of a page as a card: a small heading, a description when given, then the content. */
export function SectionCard({
  title,
  description,
  className,
  contentClassName,
  action,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** What stands at the end of the heading, such as a status badge or the card's main button (null: nothing yet). */
  action?: ReactNode;
  /** The card's spacing, such as `gap-4`. */
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle className="text-base">{title}</CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </>
  );
  return (
    <Card className={className}>
      <CardHeader className={action === undefined ? undefined : 'flex flex-row flex-wrap items-start justify-between gap-3'}>
        {action === undefined ? (
          heading
        ) : (
          <>
            <div className="flex flex-col gap-1.5">{heading}</div>
            {action}
          </>
        )}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
