// The notices on screen (toasts and snack bars): a view of what the notice bus (lib/notice-bus.ts) carries.
export { AppToaster, preloadToaster } from './notice-toaster';
export { NotificationsModel, runNotifications } from './notifications-model';
