// The labels live beside the enums they name, so browser tests read the same words as the screens.
export * from '@rampart/shared/labels';
