import { LockIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { kybPath } from '@/config/routes';

/** The lock beside a locked test-mode switch: why, as a tooltip, and a link to business verification. */
export default function LiveModeLock({ reason }: { reason: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Link
          to={kybPath('OnRamp')}
          className="-mr-1 rounded-full p-0.5 text-amber-700 outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 dark:text-amber-300"
          aria-label="Live mode needs a verified business: verify your business"
        >
          <LockIcon className="size-3.5" aria-hidden />
        </Link>
      </TooltipTrigger>
      <TooltipContent>{reason} Select to verify your business.</TooltipContent>
    </Tooltip>
  );
}
