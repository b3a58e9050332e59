import { type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** The card every identity screen sits in; its title is the page's h1. */
export function AuthCard({ title, description, children, footer, className }: AuthCardProps) {
  useDocumentTitle(`${title} · Rampart`);
  return (
    <Card className={cn('w-full max-w-md gap-5 shadow-md', className)}>
      <CardHeader>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <CardDescription className="text-[0.95rem]">{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
      {footer && <CardFooter className="flex-col items-stretch gap-2 border-t pt-5 text-sm text-muted-foreground">{footer}</CardFooter>}
    </Card>
  );
}
