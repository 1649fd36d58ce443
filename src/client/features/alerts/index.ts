// What other screens use of the alerts module: the shell's Emergency Alert.
export * from './alerts.api';
