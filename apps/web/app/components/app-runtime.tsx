import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import {
  browserChunkReload,
  isChunkLoadError,
  isNewVersionDeployed,
  VERSION_CHECK_INTERVAL_MS,
} from '../lib/app-version';
import { setClientNavigator, setPendingNavigation } from '../lib/client-navigation';
import { setErrorTranslator } from '../lib/error-reporting';
import { looseT } from '../lib/i18n';
import { useTranslation } from '../lib/i18n-react';
import { replayPreHydrationInput } from '../lib/pre-hydration-input';
import { useSession } from '../lib/session';
import { clearRefreshMark } from '../lib/token-refresh';

const NEW_VERSION_NOTIFICATION = 'new-version';
const FOCUS_CHECK_MIN_GAP_MS = 60_000;

/**
 * Browser-side wiring with no markup of its own: the router's navigate and the translator for
 * code outside React, chunk-load recovery and the new-version check.
 */
export function AppRuntime() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const session = useSession();
  const pendingTarget = navigation.location
    ? `${navigation.location.pathname}${navigation.location.search}`
    : null;

  useEffect(() => {
    // Text typed into the server-rendered page while it loaded reaches the forms now.
    replayPreHydrationInput();
    // The page answers to input from here on (tests wait for it before using a file input).
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    setClientNavigator((to, options) => navigate(to, options));
    return () => setClientNavigator(null);
  }, [navigate]);

  useEffect(() => {
    setPendingNavigation(pendingTarget);
  }, [pendingTarget]);

  useEffect(() => {
    setErrorTranslator(looseT(i18n.t.bind(i18n)), (key) => i18n.exists(key));
  }, [i18n]);

  useEffect(() => {
    if (session.status === 'signed-in') clearRefreshMark();
  }, [session.status]);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      if (browserChunkReload()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) browserChunkReload();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  useEffect(() => {
    let lastCheck = Date.now();
    let announced = false;
    const check = async () => {
      if (announced) return;
      lastCheck = Date.now();
      try {
        if (!(await isNewVersionDeployed())) return;
      } catch {
        return; // Offline or restarting: try again at the next tick.
      }
      announced = true;
      notifications.show({
        id: NEW_VERSION_NOTIFICATION,
        autoClose: false,
        title: t('newVersion.title'),
        message: (
          <Group justify="space-between" gap="xs" mt={4}>
            <Text size="sm">{t('newVersion.message')}</Text>
            <Button size="compact-sm" onClick={() => window.location.reload()}>
              {t('newVersion.reload')}
            </Button>
          </Group>
        ),
      });
    };
    const timer = window.setInterval(() => void check(), VERSION_CHECK_INTERVAL_MS);
    const onFocus = () => {
      if (Date.now() - lastCheck >= FOCUS_CHECK_MIN_GAP_MS) void check();
    };
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [t]);

  return null;
}
