// What other screens use of the facilities module: the county's facility list and its labels.
export * from './facilities.api';
