import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A titled section of a page as a card: a small heading, a description when given, then the content. */
export function SectionCard({
  title,
  description,
  className,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The card's spacing, such as `gap-4`. */
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
