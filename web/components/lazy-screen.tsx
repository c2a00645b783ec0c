import { useEffect, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { connection, useConnection } from '../lib/connection.ts';
import { logFailure } from '../lib/log.ts';
import { Notice } from './Notice.tsx';
import { Button } from './ui/Button.tsx';

type LoadScreen = () => Promise<{ default: ComponentType }>;

/**
 * A screen loaded on first visit, so the landing page ships without the dashboard, auth and their
 * libraries (a phone on a slow network downloads only what it shows). A screen whose code cannot be
 * fetched (offline, the server restarting) opens anyway, as a notice that loads it once the server
 * answers again and then shows it, instead of the router's error page.
 */
export function lazyScreen(load: LoadScreen): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      try {
        return { Component: (await load()).default };
      } catch (error) {
        logFailure('Loading a screen')(error);
        connection().reportNoAnswer();
        return { Component: screenLoadedLater(load) };
      }
    },
  };
}

/** The route's component from now on: its notice until the screen's code is loaded, then the screen. */
function screenLoadedLater(load: LoadScreen): ComponentType {
  let loaded: ComponentType | null = null;
  return function ScreenLoadedLater() {
    const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
    // the server answers, yet the code cannot be fetched: not the connection (a new version replaced it)
    const [missing, setMissing] = useState(false);

    useEffect(() => {
      if (Screen) return;
      let active = true;
      const retry = () => {
        load().then(
          ({ default: component }) => {
            loaded = component;
            if (active) setScreen(() => component);
          },
          () => {
            if (active) setMissing(true);
          },
        );
      };
      const stop = connection().onReconnect(retry);
      // it may have come back while this route was being set up
      if (connection().getState().serverAnswers) retry();
      return () => {
        active = false;
        stop();
      };
    }, [Screen]);

    if (Screen) return <Screen />;
    return <ScreenLoadNotice missing={missing} />;
  };
}

function ScreenLoadNotice({ missing }: { missing: boolean }) {
  const { online } = useConnection();
  if (missing) {
    return (
      <div className="mx-auto w-full max-w-xl p-4">
        <Notice title={<Trans>This page could not open</Trans>}>
          <p>
            <Trans>Tapcard may have been updated meanwhile. Reload the page to open it.</Trans>
          </p>
          <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
            <Trans>Reload the page</Trans>
          </Button>
        </Notice>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-xl p-4">
      <Notice tone="info" title={<Trans>This page could not open yet</Trans>}>
        <p>
          {online ? (
            <Trans>Tapcard is not answering right now. The page opens by itself as soon as it answers.</Trans>
          ) : (
            <Trans>You're offline. The page opens by itself when the connection is back.</Trans>
          )}
        </p>
      </Notice>
    </div>
  );
}
