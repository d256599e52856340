/*
 * The module NotificationsHost loads lazily. Importing the package's index dynamically would keep all
 * of it (the store included) out of the shared chunk every page loads; this module asks for the
 * container alone.
 */
export { Notifications } from '@mantine/notifications';
