import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertPrivilege, authenticate } from '../http/auth-guard';
import { validationError } from '../http/envelope';
import { parseBody } from '../http/validate';
import { documented } from '../http/openapi-contract';

const request = z.looseObject({ document: z.string().trim().min(1, 'Name the document to print').max(50) });

/**
 * `POST {base}/print/request.aspx {document, …}` → `application/pdf`. The document names one the
 * modules declared; the caller needs that document's privilege.
 */
export function registerPrintRoutes(app: FastifyInstance, base: string): void {
  app.post(
    `${base}/print/request.aspx`,
    {
      ...documented({
        summary: 'A printed document (PDF) by name: delivery orders, labels, purchase orders…',
        body: request,
        produces: 'pdf',
      }),
      preHandler: authenticate,
    },
    async (req, reply) => {
      const { document: name, ...body } = parseBody(request, req.body);
      const wanted = name.toLowerCase();
      const entry = Object.entries(app.printDocuments).find(([key]) => key.toLowerCase() === wanted);
      if (!entry)
        throw validationError([
          {
            field: 'document',
            message: `Unknown document: ${name}. Known: ${Object.keys(app.printDocuments).join(', ')}`,
          },
        ]);
      const [, document] = entry;
      await assertPrivilege(req, document.privilege.screen, document.privilege.action);
      const { pdf, fileName } = await document.render(req, body);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
        .send(pdf);
    },
  );
}
