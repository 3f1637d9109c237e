import { z } from 'zod';
import {
  defaultPageText,
  getStoredPageText,
  pageTextTable,
  savePageText,
} from '../../../services/page-texts.ts';
import { getSettings } from '../../../services/settings.ts';
import { currentVersion, saveWithHistory } from '../../../services/content/history.ts';
import { actingRequest } from '../../request-context.ts';
import { savePageTextSchema, textPageSchema } from '../../../../shared/schemas/page-texts.ts';
import { router, staffInternalProcedure } from '../init.ts';

/**
 * Editors and admins alike: page text is content. A change empties only the pages showing that page's
 * text (here at once, on other instances through the change the database announces).
 */
export const adminPagesRouter = router({
  get: staffInternalProcedure.input(z.object({ page: textPageSchema })).query(async ({ ctx, input }) => {
    const { companyName } = await getSettings(ctx.db);
    return {
      page: input.page,
      text: await getStoredPageText(ctx.db, input.page),
      defaults: defaultPageText(input.page, companyName),
      version: (await currentVersion(ctx.db, 'page-text', input.page))?.version ?? 0,
    };
  }),
  /** Kept in the page's history; refused (409) when `version` is older than the stored one. */
  save: staffInternalProcedure.input(savePageTextSchema).mutation(async ({ ctx, input }) => {
    const { result: text, version } = await saveWithHistory(
      ctx.db,
      actingRequest(ctx),
      { type: 'page-text', key: input.page, baseVersion: input.version },
      async (tx) => ({ key: input.page, result: await savePageText(tx, input.page, input.text, ctx.now()) }),
    );
    ctx.contentChanged([pageTextTable(input.page)]);
    return { page: input.page, text, version };
  }),
});
