export * as loadOptions from './loadOptions';
