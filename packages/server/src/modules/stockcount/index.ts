import type { DomainModule } from '../module';
import { assertPrivilege, authenticate } from '../../http/auth-guard';
import { countLines, post } from './actions';
import { stockCountDemoSeed } from './demo-seed';
export { fillCount } from './actions';
import { stockCountRules } from './rules';
import { countSheetPrint, readSheet, sheetCsv } from './sheet';
import { documented } from '../../http/openapi-contract';

/**
 * Stock counts: a document per location and scope whose expected quantities are frozen as lines
 * join it, counted by scanning or typing (several counters at once), printed and exported as count
 * sheets, and posted as adjustments with the reason `COUNT` under the approval rules of manual
 * adjustments. The stock-count spreadsheet importer fills the same document (`fillCount`).
 */
export const stockCountModule: DomainModule = {
  name: 'stockcount',
  entities: { stockcount: { ...stockCountRules, actions: { count: countLines, post } } },
  documents: { stockcount: countSheetPrint },
  seed: stockCountDemoSeed,
  routes: (app, at) => {
    app.post(
      `${at.api}/stockcount/Export`,
      {
        ...documented({ summary: 'A stock count sheet as a spreadsheet', produces: 'file' }),
        preHandler: authenticate,
      },
      async (request, reply) => {
        await assertPrivilege(request, 'stockcount', 'view');
        const sheet = await readSheet(request, request.body);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${sheet.count.docNo}.csv"`)
          .send(`\uFEFF${sheetCsv(sheet)}`);
      },
    );
  },
};
