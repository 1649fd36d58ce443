// What other screens use of the notifications module: the bell's alerts.
export * from './notifications.api';
