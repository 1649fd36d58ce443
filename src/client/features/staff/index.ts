// What other screens use of the staff module: role labels (with the staff strings they read).
import './staff.strings';

export * from './staff-labels';
