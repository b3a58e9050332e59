import { useEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { errorReportingConfigured } from '@/lib/error-reporting';
import { hasCsrfToken } from '@/lib/session';
import { useDocumentTitle } from '@/hooks/use-document-title';

// Spec §2: a full-screen animated space scene — floating astronaut, moon, 200 twinkling stars —
// that follows the mouse; title "Error", the message, and one button chosen by csrfToken presence.

export const CRASH_STAR_COUNT = 200;

interface Star {
  left: number;
  top: number;
  size: number;
  delay: number;
  duration: number;
  depth: number;
}

/** Deterministic pseudo-random stars so the scene is stable between renders. */
function makeStars(count: number): Star[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  return Array.from({ length: count }, () => ({
    left: random() * 100,
    top: random() * 100,
    size: 1 + random() * 2.2,
    delay: random() * 4,
    duration: 2 + random() * 3,
    depth: 1 + Math.floor(random() * 3),
  }));
}

function Astronaut() {
  return (
    <svg viewBox="0 0 160 200" className="h-full w-full drop-shadow-[0_10px_30px_rgba(120,140,255,0.35)]" aria-hidden>
      <rect x="42" y="70" width="76" height="56" rx="14" fill="#cfd6e6" />
      <rect x="30" y="78" width="22" height="46" rx="10" fill="#b7c0d4" />
      <rect x="34" y="80" width="98" height="70" rx="26" fill="#f4f6fb" />
      <rect x="10" y="92" width="32" height="18" rx="9" fill="#e6eaf3" transform="rotate(-28 26 101)" />
      <rect x="118" y="92" width="32" height="18" rx="9" fill="#e6eaf3" transform="rotate(28 134 101)" />
      <circle cx="10" cy="116" r="9" fill="#cfd6e6" />
      <circle cx="150" cy="116" r="9" fill="#cfd6e6" />
      <rect x="52" y="140" width="24" height="42" rx="10" fill="#e6eaf3" />
      <rect x="90" y="140" width="24" height="42" rx="10" fill="#e6eaf3" />
      <rect x="48" y="172" width="32" height="16" rx="8" fill="#9aa6c2" />
      <rect x="86" y="172" width="32" height="16" rx="8" fill="#9aa6c2" />
      <rect x="64" y="104" width="38" height="22" rx="5" fill="#cfd6e6" />
      <circle cx="73" cy="115" r="4" fill="#ff6b6b" />
      <circle cx="85" cy="115" r="4" fill="#51cf66" />
      <circle cx="83" cy="52" r="40" fill="#f4f6fb" />
      <ellipse cx="83" cy="54" rx="29" ry="24" fill="#1c2340" />
      <ellipse cx="72" cy="45" rx="9" ry="5" fill="#7c8cff" opacity="0.55" />
      <circle cx="96" cy="62" r="3" fill="#ffffff" opacity="0.35" />
    </svg>
  );
}

function Moon() {
  return (
    <svg viewBox="0 0 200 200" className="h-full w-full" aria-hidden>
      <defs>
        <radialGradient id="crash-moon" cx="35%" cy="35%" r="70%">
          <stop offset="0%" stopColor="#f3f0e6" />
          <stop offset="100%" stopColor="#a9a496" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="100" r="96" fill="url(#crash-moon)" />
      <circle cx="70" cy="70" r="16" fill="#9c9788" opacity="0.55" />
      <circle cx="128" cy="112" r="24" fill="#9c9788" opacity="0.45" />
      <circle cx="82" cy="140" r="11" fill="#9c9788" opacity="0.5" />
      <circle cx="140" cy="60" r="8" fill="#9c9788" opacity="0.5" />
    </svg>
  );
}

/** Spec §2's message when the error went to the reporter (Sentry); without one, nobody was notified, so it says so. */
export function crashMessage(reported: boolean): string {
  return reported
    ? "It looks like we're having issues. Our team has been notified."
    : "It looks like we're having issues. This error was not reported automatically: if it happens again, tell our support team what you were doing.";
}

export function CrashScreen() {
  const sceneRef = useRef<HTMLDivElement>(null);
  const stars = useMemo(() => makeStars(CRASH_STAR_COUNT), []);
  const signedIn = hasCsrfToken();
  const homeUrl = `https://${window.location.host}`;

  useEffect(() => {
    const scene = sceneRef.current;
    if (!scene) return;
    const onMove = (event: MouseEvent) => {
      const x = event.clientX / window.innerWidth - 0.5;
      const y = event.clientY / window.innerHeight - 0.5;
      scene.style.setProperty('--mx', x.toFixed(3));
      scene.style.setProperty('--my', y.toFixed(3));
    };
    window.addEventListener('mousemove', onMove);
    return () => window.removeEventListener('mousemove', onMove);
  }, []);

  useDocumentTitle('Error · Rampart');

  const layer = (depth: number) => ({
    transform: `translate3d(calc(var(--mx, 0) * ${-depth * 14}px), calc(var(--my, 0) * ${-depth * 14}px), 0)`,
  });

  return (
    <main
      ref={sceneRef}
      data-testid="crash-screen"
      className="dark relative flex min-h-screen w-full items-center justify-center overflow-hidden bg-[radial-gradient(ellipse_at_bottom,#1b2450_0%,#0a0d1f_60%,#05060f_100%)] text-white"
    >
      <div aria-hidden className="pointer-events-none absolute inset-0">
        {[1, 2, 3].map((depth) => (
          <div key={depth} className="absolute inset-0 transition-transform duration-300 ease-out" style={layer(depth)}>
            {stars
              .filter((star) => star.depth === depth)
              .map((star, index) => (
                <span
                  key={index}
                  data-testid="crash-star"
                  className="absolute animate-twinkle rounded-full bg-white"
                  style={{
                    left: `${star.left}%`,
                    top: `${star.top}%`,
                    width: star.size,
                    height: star.size,
                    animationDelay: `${star.delay}s`,
                    animationDuration: `${star.duration}s`,
                  }}
                />
              ))}
          </div>
        ))}
        <div
          className="absolute -right-16 -bottom-20 size-72 transition-transform duration-300 ease-out sm:right-[8%] sm:bottom-[-6rem] sm:size-96"
          style={layer(2)}
          data-testid="crash-moon"
        >
          <Moon />
        </div>
        <div className="absolute top-[12%] left-[8%] size-32 transition-transform duration-300 ease-out sm:left-[14%] sm:size-44" style={layer(5)}>
          <div className="size-full animate-float" data-testid="crash-astronaut">
            <Astronaut />
          </div>
        </div>
      </div>
      <div className="relative z-10 mx-4 flex max-w-md flex-col items-center gap-5 rounded-2xl bg-black/30 px-8 py-10 text-center backdrop-blur-sm">
        <h1 className="text-5xl font-bold tracking-tight">Error</h1>
        <p className="text-lg text-white/85">{crashMessage(errorReportingConfigured())}</p>
        {signedIn ? (
          <Button asChild size="lg" className="bg-white text-slate-900 hover:bg-white/90">
            <a href="/dashboard">Return to your dashboard</a>
          </Button>
        ) : (
          <Button asChild size="lg" className="bg-white text-slate-900 hover:bg-white/90">
            <a href={homeUrl}>Return to our home page</a>
          </Button>
        )}
      </div>
    </main>
  );
}
