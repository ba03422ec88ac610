import type { DomainModule } from '../module';
import { EXPORT_JOB, IMPORT_JOB, exportJob, importJob } from './jobs';
import { spreadsheetRoutes } from './routes';
import { IMAGES_JOB, imagesJob } from './image-urls';

/** Importers, the data exporter, blank templates and list exports (README.md). */
export const spreadsheetsModule: DomainModule = {
  name: 'spreadsheets',
  jobs: { [IMPORT_JOB]: importJob, [EXPORT_JOB]: exportJob, [IMAGES_JOB]: imagesJob },
  routes: spreadsheetRoutes,
};
