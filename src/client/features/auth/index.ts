// What other screens use of the auth module: the signed-in user and signing out.
export * from './auth.api';
