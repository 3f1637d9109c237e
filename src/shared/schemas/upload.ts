import { z } from 'zod';
import { plainText } from './text.ts';

/** The name a browser gives an uploaded file; kept only to show the owner what they uploaded. */
export const uploadFileNameSchema = z.object({
  fileName: z.string({ error: 'File name must be text' }).check(plainText('File name')),
});
