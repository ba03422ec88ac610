/** The API reference screen (`/api-docs`), a shell route for every signed-in user. */
export { default } from './ApiDocsPage';
