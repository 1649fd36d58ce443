import { Component, type ErrorInfo, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'react-i18next';

type Props = WithTranslation & { children: ReactNode };
type State = { failed: boolean };

/**
 * A screen that cannot load (a dropped rural connection while its chunk downloads, or a chunk from an older
 * release after an update) offers a reload instead of leaving a blank page.
 */
class ScreenErrorBoundaryInner extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The browser console only: no patient data is in a render error, and nothing is sent anywhere.
    console.error(error, info.componentStack);
  }

  override render() {
    const { t, children } = this.props;
    if (!this.state.failed) return children;
    return (
      <div role="alert" className="mx-auto my-12 grid max-w-md gap-3 rounded-lg border bg-background p-6 text-center">
        <h1 className="text-lg font-semibold">{t('common.screenFailedTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('common.screenFailedBody')}</p>
        <button type="button" className="mx-auto rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    );
  }
}

export const ScreenErrorBoundary = withTranslation()(ScreenErrorBoundaryInner);
