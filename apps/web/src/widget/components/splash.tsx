// The splash screen as the theme editor's preview shows it on demand: the same markup and CSS (widget.css .rw-splash)
// as the one the server paints while the widget starts (apps/server/src/modules/widget/widget-pages.ts splashMarkup).
import type { CSSProperties } from 'react';
import type { ThemeMode, ThemeSplashScreen } from '@rampart/shared/themes';

export function Splash({ splash, mode }: { splash: ThemeSplashScreen; mode: ThemeMode }) {
  const style = {
    '--splash-light-bg': splash.lightBackground,
    '--splash-light-loader': splash.lightLoader,
    '--splash-dark-bg': splash.darkBackground,
    '--splash-dark-loader': splash.darkLoader,
  } as CSSProperties;
  return (
    <div className="rw-splash" data-loader={splash.loaderType} data-mode={mode} data-preview-splash="" style={style} role="progressbar" aria-label="Loading">
      <span className="rw-loader" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
