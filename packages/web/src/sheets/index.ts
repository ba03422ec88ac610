import { screens } from '@backroom/schema';
import type { WebModule } from '../screens/webModule';

const importer = () => import('./ImporterScreen');

/** Spreadsheets: one importer screen for every importer of the registry, the data exporter. */
export const sheetsModule: WebModule = {
  name: 'sheets',
  singles: {
    dataexporter: () => import('./DataExporterScreen'),
    ...Object.fromEntries(
      screens.filter((screen) => screen.kind === 'importer').map((screen) => [screen.name, importer]),
    ),
  },
};
